import * as fs from 'node:fs';
import { Page } from 'playwright-core';
import { createTestRealm, sendMessage, subscribeTo, TestRealm, TestUser } from './support/api';
import { screenshotBothWidths, TestBrowser } from './support/browser';
import { ownDatabase, OwnDatabase, ServerProcess, startServer } from './support/server-process';
import { linkIn, SmtpSink } from './support/smtp-sink';
import { until } from './support/until';
import { SpecBrowsers } from './support/web-pages';

/**
 * The web app's keyboard (Zulip's shortcuts), its recovery from a server restart, the links
 * missed-message emails carry, `with` links that follow a moved message, search highlights,
 * and user text that must stay text (issue 34). The file starts a server of its own, mailing
 * to a sink here, so it can restart it mid-session.
 */
const describeInBrowser = TestBrowser.available() ? describe : describe.skip;

const PAYLOADS = ['<img src=x onerror=window.__xss=1>', '<script>window.__xss=1</script>', '"><svg onload=window.__xss=1>'];
/** Names refuse `>` and `"` (Zulip's check_full_name), so a name carries the tag's opening. */
const NAME_PAYLOAD = '<img src=x onerror=window.__xss=1 title=';
/** Evaluated in the page: what an injected payload would have left behind. */
const INJECTED = `({ flag: typeof window.__xss, elements: document.querySelectorAll('img[src="x"], img[onerror], svg[onload], script:not([src])').length })`;

describeInBrowser('the web app: keyboard, recovery, links and user text', () => {
  let smtp: SmtpSink;
  let database: OwnDatabase | undefined;
  let server: ServerProcess;
  let realm: TestRealm;
  let ann: TestUser;
  let bob: TestUser;
  let annBrowser: TestBrowser;
  let bobBrowser: TestBrowser;
  let loungeId: number;

  const web = SpecBrowsers.forThisFile();

  beforeAll(async () => {
    smtp = await SmtpSink.create();
    database = await ownDatabase('chat_keys');
    server = await startServer({ SMTP_URL: smtp.url, ...(database ? { DATABASE_URL: database.url } : {}) });
    realm = await createTestRealm('keys', server);
    ann = await realm.createUser('Ann Keys');
    bob = await realm.createUser('Bob Keys');
    await subscribeTo(realm.ownerApi, 'lounge', {}, [ann.userId, bob.userId]);
    await subscribeTo(realm.ownerApi, 'dev', {}, [ann.userId, bob.userId]);
    const channels = (await ann.api.get('users/me/subscriptions')).body.subscriptions as { name: string; stream_id: number }[];
    loungeId = channels.find((channel) => channel.name === 'lounge')?.stream_id ?? 0;
    [annBrowser, bobBrowser] = await web.launch(2);
  }, 180_000);

  afterAll(async () => {
    await server?.stop();
    await smtp?.stop();
    await database?.drop();
    if (server) fs.rmSync(server.dataDir, { recursive: true, force: true });
  });

  const origin = () => `http://${realm.api.host}`;

  const logIn = (browser: TestBrowser, user: TestUser): Promise<Page> => web.logIn(browser, new URL(origin()).host, user.email);

  /** The id of the message the page shows selected (Zulip's pointer). */
  const selectedId = async (page: Page): Promise<number> => Number(await page.locator('article.message[aria-current="true"]').getAttribute('data-message-id'));
  const selectionBecomes = (page: Page, id: number) => until(async () => ((await selectedId(page)) === id ? true : undefined), `message ${id} selected`, 10_000);
  const heading = (page: Page, name: string) => page.getByRole('heading', { level: 1, name }).waitFor();

  it('j/k and the arrows move the selected message, r replies in its topic, Escape closes, ? lists the shortcuts', async () => {
    const ids: number[] = [];
    for (const [topic, text] of [['alpha', 'first in alpha'], ['beta', 'first in beta'], ['alpha', 'second in alpha']]) {
      ids.push(await sendMessage(bob.api, { type: 'stream', to: 'lounge', topic, content: text }));
    }
    await ann.api.post('mark_all_as_read');
    const page = await logIn(annBrowser, ann);
    await page.goto(`${origin()}/#narrow/channel/${loungeId}-lounge`);
    await heading(page, '#lounge');
    await page.locator(`article[data-message-id="${ids[2]}"]`).waitFor();
    // Nothing unread: the selection starts at the last message.
    await selectionBecomes(page, ids[2]);
    await page.keyboard.press('k');
    await selectionBecomes(page, ids[1]);
    await page.keyboard.press('ArrowUp');
    await selectionBecomes(page, ids[0]);
    await page.keyboard.press('j');
    await selectionBecomes(page, ids[1]);
    await page.keyboard.press('End');
    await selectionBecomes(page, ids[2]);
    await page.keyboard.press('ArrowUp');
    await selectionBecomes(page, ids[1]);

    await page.keyboard.press('r');
    const topic = page.getByRole('textbox', { name: 'Topic' });
    await topic.waitFor();
    await expect(topic.inputValue()).resolves.toBe('beta');
    await expect(page.getByRole('textbox', { name: 'Message' }).evaluate((element) => element === element.ownerDocument.activeElement)).resolves.toBe(true);
    // Keys typed into the compose box are text, not shortcuts.
    await page.getByRole('textbox', { name: 'Message' }).pressSequentially('jk?');
    await expect(page.getByRole('textbox', { name: 'Message' }).inputValue()).resolves.toBe('jk?');
    await selectionBecomes(page, ids[1]);
    await page.keyboard.press('Escape');
    await page.getByRole('form', { name: 'Compose' }).waitFor({ state: 'detached' });

    // Home selects the first loaded message (the channel's creation notice), End the last.
    await page.keyboard.press('Home');
    await selectionBecomes(page, Number(await page.locator('article.message').first().getAttribute('data-message-id')));
    await page.keyboard.press('End');
    await selectionBecomes(page, ids[2]);
    // Enter replies too, to the message selected now.
    await page.keyboard.press('k');
    await page.keyboard.press('k');
    await selectionBecomes(page, ids[0]);
    await page.keyboard.press('Enter');
    await expect(page.getByRole('textbox', { name: 'Topic' }).inputValue()).resolves.toBe('alpha');
    await page.keyboard.press('Escape');

    await page.keyboard.press('?');
    const dialog = page.getByRole('dialog', { name: 'Keyboard shortcuts' });
    await dialog.waitFor();
    await dialog.getByText('Reply to the selected message').waitFor();
    await dialog.getByText('Go to the next unread topic').waitFor();
    await screenshotBothWidths(page, 'keys-shortcuts');
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'hidden' });
    // `x`: a direct message, to someone still to be picked.
    await page.keyboard.press('x');
    await page.getByRole('combobox', { name: 'Add a recipient' }).waitFor();
    await page.keyboard.press('Escape');
    // Closed with no one picked, the box is addressed as the narrow is again.
    await page.getByRole('button', { name: 'Message #lounge' }).waitFor();
    await page.keyboard.press('k');
    await screenshotBothWidths(page, 'keys-selected');
  }, 90_000);

  it('n goes to the next unread topic, p to the next unread direct message', async () => {
    await ann.api.post('mark_all_as_read');
    const page = await logIn(annBrowser, ann);
    await heading(page, 'Combined feed');
    await sendMessage(bob.api, { type: 'stream', to: 'lounge', topic: 'gamma', content: 'unread in gamma' });
    await sendMessage(bob.api, { type: 'stream', to: 'dev', topic: 'builds', content: 'unread in builds' });
    await sendMessage(bob.api, { type: 'direct', to: JSON.stringify([ann.userId]), content: 'unread direct note' });
    const sidebar = page.getByRole('navigation', { name: 'Views and channels' });
    await sidebar.getByRole('link', { name: /^lounge 1 unread$/ }).waitFor();
    await sidebar.getByRole('link', { name: /^dev 1 unread$/ }).waitFor();
    await sidebar.getByRole('link', { name: /^Bob Keys 1 unread$/ }).waitFor();
    // Channels in the sidebar's order: dev before lounge.
    await page.keyboard.press('n');
    await heading(page, '#dev › builds');
    await page.locator('article.message', { hasText: 'unread in builds' }).waitFor();
    await page.keyboard.press('n');
    await heading(page, '#lounge › gamma');
    await page.keyboard.press('p');
    await heading(page, 'Direct messages with Bob Keys');
    await page.locator('article.message', { hasText: 'unread direct note' }).waitFor();
  }, 60_000);

  it('recovers from a server restart: messages sent meanwhile show without a reload, a send made offline is offered again, after a reload too', async () => {
    const before = await sendMessage(bob.api, { type: 'stream', to: 'lounge', topic: 'restart', content: 'before the restart' });
    const page = await logIn(annBrowser, ann);
    await page.goto(`${origin()}/#narrow/channel/${loungeId}-lounge/topic/restart`);
    await page.locator(`article[data-message-id="${before}"]`).waitFor();

    await server.stop();
    await page.getByText('You are offline. Reconnecting…').waitFor({ timeout: 60_000 });
    // Ann writes while the server is down: the message is kept, not lost.
    await page.getByRole('button', { name: 'Message #lounge' }).click();
    await page.getByRole('textbox', { name: 'Message' }).fill('written while the server was down');
    await page.getByRole('button', { name: 'Send' }).click();
    await page.getByText('Not sent yet: the server could not be reached. Kept here as a draft.').waitFor();

    server = await startServer({ ...server.env });
    const during = await sendMessage(bob.api, { type: 'stream', to: 'lounge', topic: 'restart', content: 'sent while Ann was reconnecting' });
    await page.locator(`article[data-message-id="${during}"]`).waitFor({ timeout: 60_000 });
    const after = await sendMessage(bob.api, { type: 'stream', to: 'lounge', topic: 'restart', content: 'sent after Ann was back' });
    await page.locator(`article[data-message-id="${after}"]`).waitFor();
    await page.locator(`article[data-message-id="${before}"]`).waitFor();
    await page.getByText('You are offline. Reconnecting…').waitFor({ state: 'detached' });

    // Back online, the held message is offered; sending it delivers it once.
    const banner = page.getByRole('status').filter({ hasText: 'written while offline' });
    await banner.waitFor();
    await screenshotBothWidths(page, 'keys-held-send');
    // A reload keeps it: the page offers it again, still unsent.
    await page.reload();
    await banner.waitFor();
    await page.getByText('Not sent yet: the server could not be reached. Kept here as a draft.').waitFor();
    await banner.getByRole('button', { name: 'Send now' }).click();
    await page.locator('article.message[data-message-id]', { hasText: 'written while the server was down' }).waitFor();
    await banner.waitFor({ state: 'detached' });
    // Sent, it is no longer kept: the next visit offers nothing.
    await page.reload();
    await page.locator('article.message[data-message-id]', { hasText: 'written while the server was down' }).waitFor();
    expect(await page.getByRole('status').filter({ hasText: 'written while offline' }).count()).toBe(0);
    const seen = await bob.api.get('messages', { anchor: 'newest', num_before: 10, num_after: 0, narrow: JSON.stringify([{ operator: 'channel', operand: loungeId }, { operator: 'topic', operand: 'restart' }]) });
    const contents = (seen.body.messages as { content: string }[]).map((message) => message.content);
    expect(contents.filter((content) => content.includes('written while the server was down'))).toHaveLength(1);
    expect(contents.filter((content) => /before the restart|reconnecting|after Ann was back/.test(content))).toHaveLength(3);
  }, 180_000);

  it('a narrow whose first fetch the server never answered shows what the page has and a send made meanwhile, and loads once the server answers again', async () => {
    const before = await sendMessage(bob.api, { type: 'stream', to: 'lounge', topic: 'cut off', content: 'known before the cut' });
    const page = await logIn(annBrowser, ann);
    // The feed's fetch brings the message into the page.
    await page.locator(`article[data-message-id="${before}"]`).waitFor();
    // The server goes away just as the topic opens: its fetch and the send get no answer.
    let away = true;
    let fetchedAgain = false;
    await page.route(
      (url) => url.pathname === '/json/messages',
      async (route) => {
        const request = route.request();
        const topicFetch = request.method() === 'GET' && (new URL(request.url()).searchParams.get('narrow') ?? '').includes('cut off');
        if (away && (topicFetch || request.method() === 'POST')) return route.abort('connectionrefused');
        if (topicFetch) fetchedAgain = true;
        return route.continue();
      },
    );
    await page.goto(`${origin()}/#narrow/channel/${loungeId}-lounge/topic/cut.20off`);
    await page.locator(`article[data-message-id="${before}"]`).waitFor();
    await page.getByText('You are offline. Reconnecting…').waitFor();
    await page.getByRole('button', { name: 'Message #lounge' }).click();
    await page.getByRole('textbox', { name: 'Message' }).fill('written while the topic was loading');
    await page.getByRole('button', { name: 'Send' }).click();
    await page.getByText('Not sent yet: the server could not be reached. Kept here as a draft.').waitFor();

    // Back: the next answer (an event) brings the page online, and the topic is fetched again.
    away = false;
    const later = await sendMessage(bob.api, { type: 'stream', to: 'lounge', topic: 'cut off', content: 'sent once the server was back' });
    await page.locator(`article[data-message-id="${later}"]`).waitFor();
    await page.getByText('You are offline. Reconnecting…').waitFor({ state: 'detached' });
    await until(() => (fetchedAgain ? true : undefined), 'the topic fetched again once the server answered');
    // Still unsent, and offered again.
    await page.getByText('Not sent yet: the server could not be reached. Kept here as a draft.').waitFor();
    await page.getByRole('status').filter({ hasText: 'written while offline' }).getByRole('button', { name: 'Send now' }).click();
    await page.locator('article.message[data-message-id]', { hasText: 'written while the topic was loading' }).waitFor();
    await page.unrouteAll({ behavior: 'ignoreErrors' });
  }, 120_000);

  it("a missed-message email's link opens its conversation; a with link follows a moved message; a narrow shows what the page has while it loads", async () => {
    const cat = await realm.createUser('Cat Away');
    await cat.api.patch('settings', { email_notifications_batching_period_seconds: 1 });
    const note = await sendMessage(ann.api, { type: 'direct', to: JSON.stringify([cat.userId]), content: 'a note Cat missed' });
    const mail = await smtp.waitFor(cat.email, 1, 60_000);
    const link = linkIn(mail, '#narrow');
    expect(link).toContain(`/near/${note}`);

    const page = await logIn(bobBrowser, cat);
    await page.goto(link);
    await heading(page, 'Direct messages with Ann Keys');
    await page.locator(`article[data-message-id="${note}"]`).getByText('a note Cat missed').waitFor();
    await selectionBecomes(page, note);

    // Ann's message moves to another topic: its old with link follows it there.
    const moved = await sendMessage(ann.api, { type: 'stream', to: 'lounge', topic: 'old place', content: 'this one moves' });
    await realm.ownerApi.patch(`messages/${moved}`, { topic: 'new place', propagate_mode: 'change_one' });
    const annPage = await logIn(annBrowser, ann);
    await annPage.goto(`${origin()}/#narrow/channel/${loungeId}-lounge/topic/old.20place/with/${moved}`);
    await heading(annPage, '#lounge › new place');
    await annPage.locator(`article[data-message-id="${moved}"]`).waitFor();
    expect(annPage.url()).toContain(`/topic/new.20place/with/${moved}`);

    // A narrow not fetched yet shows at once what the page already has of it; the server's answer fills in.
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => (release = resolve));
    let waiting = 0;
    await annPage.route((url) => url.pathname === '/json/messages', async (route) => {
      waiting += 1;
      await held;
      await route.continue();
    });
    await annPage.evaluate(`window.location.hash = '#narrow/channel/${loungeId}-lounge'`);
    await heading(annPage, '#lounge');
    await annPage.locator(`article[data-message-id="${moved}"]`).waitFor();
    await annPage.getByText('Scroll up for older messages').waitFor();
    expect(waiting).toBe(1);
    release();
    // The server's answer reaches the channel's first message.
    await annPage.getByText('Scroll up for older messages').waitFor({ state: 'detached' });
    await annPage.locator(`article[data-message-id="${moved}"]`).waitFor();
  }, 120_000);

  it('search shows the match highlighted by the server', async () => {
    await sendMessage(bob.api, { type: 'stream', to: 'dev', topic: 'wildlife', content: 'A zebra crossed the office' });
    const page = await logIn(annBrowser, ann);
    await page.goto(`${origin()}/#narrow/search/zebra`);
    await heading(page, 'Search: zebra');
    const match = page.locator('article.message .highlight', { hasText: /^zebra$/i });
    await match.waitFor();
    await screenshotBothWidths(page, 'keys-search');
  }, 60_000);

  it('script in a name, a topic, a channel name and its description shows as text and never runs', async () => {
    const [inImg, inScript, inSvg] = PAYLOADS;
    const mallory = await realm.createUser(NAME_PAYLOAD);
    const channelName = inImg;
    const created = await realm.ownerApi.post('users/me/subscriptions', {
      subscriptions: [{ name: channelName, description: `${inSvg} ${inScript}` }],
      principals: [ann.userId, mallory.userId],
    });
    expect(created.status).toBe(200);
    await sendMessage(mallory.api, { type: 'stream', to: channelName, topic: inScript, content: `hello ${inScript}` });
    await sendMessage(mallory.api, { type: 'direct', to: JSON.stringify([ann.userId]), content: 'a direct hello' });
    const page = await logIn(annBrowser, ann);
    await heading(page, 'Combined feed');
    const sidebar = page.getByRole('navigation', { name: 'Views and channels' });
    await sidebar.getByRole('link', { name: new RegExp(`^${escapeRegExp(channelName)}( \\d+ unread)?$`) }).click();
    await page.getByRole('heading', { level: 1, name: `#${channelName}` }).waitFor();
    await page.getByRole('banner').getByText(`${inSvg} ${inScript}`, { exact: true }).waitFor();
    await page.locator('.recipient-topic', { hasText: inScript }).first().waitFor();
    await page.locator('.sender-name', { hasText: NAME_PAYLOAD }).first().waitFor();
    await page.getByRole('complementary', { name: 'People' }).getByText(NAME_PAYLOAD).first().waitFor();
    await expect(page.evaluate(INJECTED)).resolves.toEqual({ flag: 'undefined', elements: 0 });
    await page.goto(`${origin()}/#narrow/dm/${mallory.userId}-x`);
    await page.getByRole('heading', { level: 1, name: `Direct messages with ${NAME_PAYLOAD}` }).waitFor();
    await page.locator('article.message', { hasText: 'a direct hello' }).waitFor();
    await expect(page.evaluate(INJECTED)).resolves.toEqual({ flag: 'undefined', elements: 0 });
  }, 60_000);
});

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
