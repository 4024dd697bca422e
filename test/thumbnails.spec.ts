import * as fs from 'node:fs';
import * as path from 'node:path';
import sharp from 'sharp';
import { createTestRealm, TestRealm, TestUser, testServer } from './support/api';
import { fixtureSql } from './support/fixture-sql';
import { animatedGifFile, fetchRaw, FilePart, pngImage, postMultipart, textFile } from './support/multipart';
import { Event, Queue } from './support/queue';
import { holdBackThumbnails, releaseThumbnails, thumbnailed } from './support/thumbnail-hold';
import { until } from './support/until';

/**
 * Image thumbnails as Zulip 9+ makes them: `server_thumbnail_formats`, thumbnails made in
 * the background at Zulip's sizes (animated too), served at `/user_uploads/thumbnail/...` to
 * those who may see the upload, message previews with Zulip's markup (the
 * `image-loading-placeholder` spinner until the thumbnail exists), and the rendering-only
 * `update_message` event once it does.
 */
describe('thumbnails', () => {
  let realm: TestRealm;
  let ann: TestUser;
  let bob: TestUser;
  let cat: TestUser;

  beforeAll(async () => {
    realm = await createTestRealm('thumbs');
    ann = await realm.createUser('Ann');
    bob = await realm.createUser('Bob');
    cat = await realm.createUser('Cat');
  });

  async function upload(part: FilePart): Promise<{ url: string; pathId: string }> {
    const response = await postMultipart(ann.api, 'user_uploads', [part]);
    if (response.status !== 200) throw new Error(`upload failed: ${JSON.stringify(response.body)}`);
    const url = response.body.url as string;
    return { url, pathId: url.slice('/user_uploads/'.length) };
  }

  const dmToBob = async (content: string): Promise<number> => {
    const response = await ann.api.post('messages', { type: 'private', to: JSON.stringify([bob.userId]), content });
    expect(response.status).toBe(200);
    return response.body.id as number;
  };

  const renderedOf = async (user: TestUser, id: number): Promise<string> => {
    const response = await user.api.get(`messages/${id}`, { apply_markdown: 'true' });
    expect(response.status).toBe(200);
    return response.body.message.content as string;
  };

  it("lists Zulip's thumbnail formats in register", async () => {
    const response = await ann.api.post('register', { fetch_event_types: JSON.stringify(['realm']) });
    expect(response.status).toBe(200);
    expect(response.body.server_thumbnail_formats).toEqual([
      { name: '840x560-anim.webp', max_width: 840, max_height: 560, format: 'webp', animated: true },
      { name: '840x560.webp', max_width: 840, max_height: 560, format: 'webp', animated: false },
    ]);
  });

  it('shows the spinner until the thumbnails exist, then rewrites the message with a rendering-only update_message event', async () => {
    const png = await upload({ field: 'file', filename: 'wide.png', contentType: 'image/png', data: await pngImage(1000, 700) });
    const gif = await upload(await animatedGifFile('file', 80));
    await holdBackThumbnails(png.pathId);
    await holdBackThumbnails(gif.pathId);
    const queue = await Queue.register(bob.api, { event_types: ['update_message'] });

    const id = await dmToBob(`[wide.png](${png.url}) [dance.gif](${gif.url})`);
    const spinner = (url: string, title: string, type: string, size: string) =>
      `<div class="message_inline_image"><a href="${url}" title="${title}">` +
      `<img class="image-loading-placeholder" data-original-content-type="${type}" data-original-dimensions="${size}" src="/static/images/loading/loader-black.svg"></a></div>`;
    const waiting =
      `<p><a href="${png.url}">wide.png</a> <a href="${gif.url}">dance.gif</a></p>\n` +
      spinner(png.url, 'wide.png', 'image/png', '1000x700') +
      spinner(gif.url, 'dance.gif', 'image/gif', '80x80');
    expect(await renderedOf(bob, id)).toBe(waiting);
    // The spinner is an image any client may show as it is.
    const loader = await fetchRaw(bob.api, '/static/images/loading/loader-black.svg');
    expect(loader.status).toBe(200);
    expect(loader.headers['content-type']).toContain('image/svg+xml');

    await releaseThumbnails(png.pathId);
    const [first] = await queue.takeWhere(1, (event) => event.type === 'update_message', 20_000);
    const pngImg = `<img data-original-content-type="image/png" data-original-dimensions="1000x700" src="/user_uploads/thumbnail/${png.pathId}/840x560.webp">`;
    const afterPng = waiting.replace(spinner(png.url, 'wide.png', 'image/png', '1000x700'), `<div class="message_inline_image"><a href="${png.url}" title="wide.png">${pngImg}</a></div>`);
    const { id: _eventId, edit_timestamp: editTimestamp, ...body } = first as Event;
    expect(typeof editTimestamp).toBe('number');
    expect(body).toEqual({
      type: 'update_message',
      user_id: null,
      message_id: id,
      message_ids: [id],
      content: `[wide.png](${png.url}) [dance.gif](${gif.url})`,
      rendered_content: afterPng,
      rendering_only: true,
      flags: [],
    });

    await releaseThumbnails(gif.pathId);
    const [second] = await queue.takeWhere(1, (event) => event.type === 'update_message', 20_000);
    const gifImg = `<img data-animated="true" data-original-content-type="image/gif" data-original-dimensions="80x80" src="/user_uploads/thumbnail/${gif.pathId}/840x560-anim.webp">`;
    const done = afterPng.replace(spinner(gif.url, 'dance.gif', 'image/gif', '80x80'), `<div class="message_inline_image"><a href="${gif.url}" title="dance.gif">${gifImg}</a></div>`);
    expect(second.rendered_content).toBe(done);
    expect(await renderedOf(bob, id)).toBe(done);
    // Edits are not rendering updates: the message's history is untouched.
    const history = await bob.api.get(`messages/${id}/history`);
    expect(history.body.message_history).toHaveLength(1);
  });

  it("makes Zulip's sizes and formats, the animation kept, and serves them to those who may see the upload", async () => {
    const png = await upload({ field: 'file', filename: 'wide.png', contentType: 'image/png', data: await pngImage(1000, 700) });
    const gif = await upload(await animatedGifFile('file', 80));
    await until(async () => ((await thumbnailed(png.pathId)) && (await thumbnailed(gif.pathId))), 'thumbnails');
    // Already made when sent: the message links the thumbnails at once.
    const id = await dmToBob(`[wide.png](${png.url}) [dance.gif](${gif.url})`);
    const rendered = await renderedOf(bob, id);
    expect(rendered).toContain(`<img data-original-content-type="image/png" data-original-dimensions="1000x700" src="/user_uploads/thumbnail/${png.pathId}/840x560.webp">`);
    expect(rendered).not.toContain('image-loading-placeholder');

    const still = await fetchRaw(bob.api, encodeURI(`/user_uploads/thumbnail/${png.pathId}/840x560.webp`));
    expect(still.status).toBe(200);
    expect(still.headers['content-type']).toBe('image/webp');
    expect(still.headers['content-disposition']).toBe('inline; filename="840x560.webp"');
    expect(await sharp(still.body).metadata()).toMatchObject({ format: 'webp', width: 800, height: 560 });

    const animated = await fetchRaw(bob.api, encodeURI(`/user_uploads/thumbnail/${gif.pathId}/840x560-anim.webp`));
    expect(animated.status).toBe(200);
    // Never scaled up; both frames kept.
    expect(await sharp(animated.body).metadata()).toMatchObject({ format: 'webp', width: 80, pages: 2 });
    const firstFrame = await fetchRaw(bob.api, encodeURI(`/user_uploads/thumbnail/${gif.pathId}/840x560.webp`));
    expect((await sharp(firstFrame.body).metadata()).pages ?? 1).toBe(1);
    // A format not made for this image (an unknown size; animated, of a still image): the closest made one.
    for (const name of ['300x200.webp', '840x560-anim.webp']) {
      const guessed = await fetchRaw(bob.api, encodeURI(`/user_uploads/thumbnail/${png.pathId}/${name}`));
      expect(guessed.status).toBe(200);
      expect(await sharp(guessed.body).metadata()).toMatchObject({ format: 'webp', width: 800, height: 560 });
    }
    expect((await fetchRaw(bob.api, encodeURI(`/user_uploads/thumbnail/${png.pathId}/nonsense`))).status).toBe(404);

    // The original, to the uploader and the recipient.
    const original = await fetchRaw(bob.api, encodeURI(png.url));
    expect(original.status).toBe(200);
    expect(await sharp(original.body).metadata()).toMatchObject({ format: 'png', width: 1000, height: 700 });

    // Cat received nothing linking them: refused, thumbnails as the original; nobody at all must log in.
    for (const path of [png.url, `/user_uploads/thumbnail/${png.pathId}/840x560.webp`, `/user_uploads/thumbnail/${gif.pathId}/840x560-anim.webp`]) {
      const refused = await fetchRaw(cat.api, encodeURI(path));
      expect(refused.status).toBe(403);
      expect(refused.body.toString()).toBe('<p>You are not authorized to view this file.</p>');
      expect((await fetchRaw(realm.api, encodeURI(path))).status).toBe(401);
    }
    // A thumbnail of an upload in no realm of cat's, or of none at all, is the same 404 as the file.
    expect((await fetchRaw(cat.api, encodeURI(`/user_uploads/thumbnail/${png.pathId}x/840x560.webp`))).status).toBe(404);
  });

  it('previews an upload by its header: one named like an image that is none gets no preview and no thumbnail', async () => {
    const fake = await upload(textFile());
    const [row] = await fixtureSql<{ image_width: number | null; thumbnail_due_at: Date | null }>(
      `SELECT image_width, thumbnail_due_at FROM attachment WHERE path_id = $1`,
      [fake.pathId],
    );
    expect(row).toEqual({ image_width: null, thumbnail_due_at: null });
    const id = await dmToBob(`[notes.png](${fake.url})`);
    expect(await renderedOf(bob, id)).toBe(`<p><a href="${fake.url}">notes.png</a></p>`);
    expect((await fetchRaw(bob.api, encodeURI(`/user_uploads/thumbnail/${fake.pathId}/840x560.webp`))).status).toBe(404);
  });

  it('removes the thumbnails with the upload', async () => {
    const png = await upload({ field: 'file', filename: 'gone.png', contentType: 'image/png', data: await pngImage(50, 40) });
    await until(() => thumbnailed(png.pathId), 'thumbnails');
    const thumbnail = `/user_uploads/thumbnail/${png.pathId}/840x560.webp`;
    expect((await fetchRaw(ann.api, encodeURI(thumbnail))).status).toBe(200);
    const [{ id }] = await fixtureSql<{ id: number }>(`SELECT id FROM attachment WHERE path_id = $1`, [png.pathId]);
    expect((await ann.api.delete(`attachments/${id}`)).status).toBe(200);
    expect((await fetchRaw(ann.api, encodeURI(thumbnail))).status).toBe(404);
  });

  it('waits for a file it cannot read, the spinner kept, and forgets the image only when it is still missing an hour after the upload', async () => {
    const png = await upload({ field: 'file', filename: 'later.png', contentType: 'image/png', data: await pngImage(300, 200) });
    await holdBackThumbnails(png.pathId);
    const file = path.join(testServer().dataDir, 'uploads', 'files', ...png.pathId.split('/'));
    const away = `${file}.away`;
    fs.renameSync(file, away);
    type State = { image_width: number | null; made: number | null; retry_in: number | null };
    const state = async (): Promise<State> => {
      const [row] = await fixtureSql<State>(
        `SELECT image_width, jsonb_array_length(thumbnail_metadata) AS made,
                extract(epoch FROM thumbnail_due_at - now())::int AS retry_in
           FROM attachment WHERE path_id = $1`,
        [png.pathId],
      );
      return row;
    };
    try {
      // The sweep takes it (a claim's lease is 300 s); the missing file brings it back within a minute.
      await releaseThumbnails(png.pathId);
      const waiting = await until(async () => {
        const now = await state();
        return now.retry_in !== null && now.retry_in > 0 && now.retry_in <= 60 ? now : undefined;
      }, 'a retry');
      expect(waiting).toEqual({ image_width: 300, made: 0, retry_in: expect.any(Number) });
      expect(waiting.retry_in).toBeGreaterThan(30);
      const id = await dmToBob(`[later.png](${png.url})`);
      expect(await renderedOf(bob, id)).toContain('image-loading-placeholder');

      // The file is back: the next turn makes the thumbnails and rewrites the message.
      fs.renameSync(away, file);
      await releaseThumbnails(png.pathId);
      await until(() => thumbnailed(png.pathId), 'thumbnails');
      await until(async () => ((await renderedOf(bob, id)).includes('840x560.webp') ? true : undefined), 'the rewritten message');

      // Still missing an hour after the upload: the image is forgotten, and its preview goes.
      fs.renameSync(file, away);
      await fixtureSql(`UPDATE attachment SET create_time = now() - interval '61 minutes' WHERE path_id = $1`, [png.pathId]);
      await holdBackThumbnails(png.pathId);
      const spinning = await dmToBob(`[later.png](${png.url})`);
      expect(await renderedOf(bob, spinning)).toContain('image-loading-placeholder');
      await releaseThumbnails(png.pathId);
      await until(async () => ((await state()).image_width === null ? true : undefined), 'the image forgotten');
      expect(await state()).toEqual({ image_width: null, made: null, retry_in: null });
      expect((await renderedOf(bob, spinning)).trim()).toBe(`<p><a href="${png.url}">later.png</a></p>`);
    } finally {
      if (fs.existsSync(away)) fs.renameSync(away, file);
    }
  });
});
