import * as fs from 'node:fs';
import * as path from 'node:path';
import { Locator, Page } from 'playwright-core';
import { createTestRealm, sendMessage, subscribeTo, TestRealm, TestUser } from './support/api';
import { SCREENSHOT_DIR, screenshotBothWidths, TestBrowser } from './support/browser';
import { until } from './support/until';
import { sidebarChannelLink, SpecBrowsers } from './support/web-pages';

/**
 * The web app's compose box end to end (issue 34): typeahead for people, channels, topics
 * and emoji; the emoji picker for reactions; preview; uploads; scheduled messages.
 */
const describeInBrowser = TestBrowser.available() ? describe : describe.skip;

/** Where the lead looks at this helper's screenshots, beside the test run's own copies. */
const SHOTS = process.env.COMPOSE_SHOTS_DIR ?? '/work/shots';

describeInBrowser('the compose box in a browser', () => {
  let realm: TestRealm;
  let ann: TestUser;
  let bob: TestUser;
  let annBrowser: TestBrowser;
  let bobBrowser: TestBrowser;

  const web = SpecBrowsers.forThisFile();

  beforeAll(async () => {
    realm = await createTestRealm('compose');
    ann = await realm.createUser('Ann Compose');
    bob = await realm.createUser('Bob Compose');
    await subscribeTo(realm.ownerApi, 'lounge', {}, [ann.userId, bob.userId]);
    await subscribeTo(realm.ownerApi, 'dev', {}, [ann.userId, bob.userId]);
    await sendMessage(ann.api, { type: 'stream', to: 'dev', topic: 'deploys', content: 'Deploys go here.' });
    [annBrowser, bobBrowser] = await web.launch(2);
  }, 120_000);

  const logIn = (browser: TestBrowser, user: TestUser): Promise<Page> => web.logIn(browser, realm.api.host, user.email);

  const channelLink = sidebarChannelLink;

  /** Opens the compose box for a channel's topic, through the channel's narrow. */
  async function composeIn(page: Page, channel: string, topic: string): Promise<Locator> {
    await channelLink(page, channel).click();
    await page.getByRole('button', { name: `Message #${channel}` }).click();
    await page.getByRole('textbox', { name: 'Topic' }).fill(topic);
    return page.getByRole('textbox', { name: 'Message' });
  }

  const suggestions = (page: Page) => page.getByRole('listbox', { name: 'Suggestions' });

  async function shoot(page: Page, name: string): Promise<void> {
    const shots = await screenshotBothWidths(page, name);
    expect(shots.phoneScrollsHorizontally).toBe(false);
    fs.mkdirSync(SHOTS, { recursive: true });
    for (const width of ['desktop', 'phone']) fs.copyFileSync(path.join(SCREENSHOT_DIR, `${name}-${width}.png`), path.join(SHOTS, `${name}-${width}.png`));
  }

  it('is found by role, and a person picked from @ typeahead is mentioned: the mention reaches them', async () => {
    const annPage = await logIn(annBrowser, ann);
    const bobPage = await logIn(bobBrowser, bob);
    const mentions = bobPage.getByRole('link', { name: /^Mentions( \d+ unread)?$/ });
    await expect(mentions.textContent()).resolves.not.toMatch(/unread/);

    const text = await composeIn(annPage, 'dev', 'mentions');
    await annPage.getByRole('textbox', { name: 'Topic' }).waitFor();
    await annPage.getByRole('button', { name: 'Send' }).waitFor();
    await annPage.locator('article.message').first().waitFor();
    await text.pressSequentially('Hi @');
    const list = suggestions(annPage);
    // Everyone, then the wildcards a channel message may use.
    await list.getByRole('option', { name: /^topic/ }).waitFor();
    await shoot(annPage, 'compose-autocomplete');
    await text.pressSequentially('bob');
    await list.getByRole('option', { name: /Bob Compose/ }).waitFor();
    await expect(list.getByRole('option', { selected: true }).textContent()).resolves.toContain('Bob Compose');
    await expect(text.getAttribute('aria-controls')).resolves.toBe(await list.getAttribute('id'));
    await text.press('Enter');
    await expect(text.inputValue()).resolves.toBe('Hi @**Bob Compose** ');
    await list.waitFor({ state: 'detached' });
    // A silent mention, picked with Tab.
    await text.pressSequentially('and @_ann');
    await list.getByRole('option', { name: /Ann Compose/ }).waitFor();
    await text.press('Tab');
    await expect(text.inputValue()).resolves.toBe('Hi @**Bob Compose** and @_**Ann Compose** ');
    await text.press('Control+Enter');
    await annPage.locator('.message-content .user-mention', { hasText: '@Bob Compose' }).waitFor();

    await until(async () => ((await mentions.textContent())?.includes('1 unread') ? true : undefined), "Bob's Mentions count", 15_000);
    await mentions.click();
    await bobPage.getByRole('heading', { level: 1, name: 'Mentions' }).waitFor();
    await bobPage.locator('article.message .user-mention', { hasText: '@Bob Compose' }).waitFor();
  }, 90_000);

  it('completes # channels and their topics and : emoji, from the keyboard; Escape closes the list', async () => {
    const annPage = await logIn(annBrowser, ann);
    const text = await composeIn(annPage, 'lounge', 'links');
    const list = suggestions(annPage);
    // Arrows move through the list (the field names the active option).
    await text.pressSequentially('See #');
    await list.getByRole('option', { name: /^lounge/ }).waitFor();
    const first = await list.getByRole('option', { selected: true }).textContent();
    await text.press('ArrowDown');
    await expect(list.getByRole('option', { selected: true }).textContent()).resolves.not.toBe(first);
    await expect(text.getAttribute('aria-activedescendant')).resolves.toBe(await list.getByRole('option', { selected: true }).getAttribute('id'));
    await text.pressSequentially('de');
    await list.getByRole('option', { name: /^dev/ }).waitFor();
    await text.press('Enter');
    await expect(text.inputValue()).resolves.toBe('See #**dev** ');
    // `>` after a picked channel asks for its topics.
    await text.press('Backspace');
    await text.pressSequentially('>dep');
    await list.getByRole('option', { name: /deploys/ }).waitFor();
    await text.press('Enter');
    await expect(text.inputValue()).resolves.toBe('See #**dev>deploys** ');

    await text.pressSequentially('nice :oct');
    await list.getByRole('option', { name: /octopus/ }).waitFor();
    await text.press('Escape');
    await list.waitFor({ state: 'detached' });
    // The compose box stays open: Escape closed only the list.
    await text.pressSequentially('o');
    await list.getByRole('option', { name: /octopus/ }).waitFor();
    await text.press('Tab');
    await expect(text.inputValue()).resolves.toBe('See #**dev>deploys** nice :octopus: ');
    await text.press('Control+Enter');
    const sent = annPage.locator('article.message', { hasText: 'nice' }).last();
    await sent.locator('a.stream-topic', { hasText: 'dev > deploys' }).waitFor();
    await expect(sent.locator('span.emoji').textContent()).resolves.toBe('🐙');
  }, 90_000);

  it('adds a reaction through the emoji picker; the other person sees it live', async () => {
    const id = await sendMessage(bob.api, { type: 'stream', to: 'lounge', topic: 'reactions', content: 'React to me' });
    const annPage = await logIn(annBrowser, ann);
    const bobPage = await logIn(bobBrowser, bob);
    for (const page of [annPage, bobPage]) {
      await channelLink(page, 'lounge').click();
      await page.locator(`article[data-message-id="${id}"]`).waitFor();
    }
    const message = annPage.locator(`article[data-message-id="${id}"]`);
    await message.hover();
    await message.locator('.message-actions').getByRole('button', { name: 'Add reaction' }).click();
    const picker = annPage.getByRole('dialog', { name: 'Add a reaction' });
    await picker.getByRole('button', { name: 'octopus', exact: true }).waitFor();
    await shoot(annPage, 'compose-emoji-picker');
    await picker.getByRole('searchbox', { name: 'Search emoji' }).fill('heart_e');
    await picker.getByRole('button', { name: 'heart_eyes', exact: true }).focus();
    await expect(picker.locator('.emoji-name').textContent()).resolves.toContain(':heart_eyes:');
    await annPage.keyboard.press('Enter');
    await picker.waitFor({ state: 'detached' });
    await bobPage.locator(`article[data-message-id="${id}"]`).getByRole('button', { name: 'heart_eyes 1' }).waitFor();
    await message.getByRole('button', { name: 'heart_eyes 1', pressed: true }).waitFor();
  }, 90_000);

  it('previews the server rendering, inserts emoji from the picker, and links an uploaded file', async () => {
    const annPage = await logIn(annBrowser, ann);
    const text = await composeIn(annPage, 'lounge', 'files');
    await text.fill('Some **bold** words');
    await annPage.getByRole('button', { name: 'Add emoji' }).click();
    const picker = annPage.getByRole('dialog', { name: 'Insert an emoji' });
    await picker.getByRole('searchbox', { name: 'Search emoji' }).fill('tada');
    await picker.getByRole('searchbox', { name: 'Search emoji' }).press('Enter');
    await expect(text.inputValue()).resolves.toBe('Some **bold** words :tada:');

    await annPage.getByRole('button', { name: 'Preview' }).click();
    const preview = annPage.getByRole('region', { name: 'Preview' });
    await expect(preview.locator('strong').textContent()).resolves.toBe('bold');
    await expect(preview.locator('span.emoji').textContent()).resolves.toBe('🎉');
    await annPage.getByRole('button', { name: 'Write' }).click();
    await expect(text.inputValue()).resolves.toBe('Some **bold** words :tada:');

    await annPage.getByLabel('Files to upload').setInputFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('release notes') });
    await until(async () => (/\[notes\.txt\]\(\/user_uploads\/[^)]+\)/.test(await text.inputValue()) ? true : undefined), 'the upload link in the message', 15_000);
    await annPage.getByRole('button', { name: 'Send' }).click();
    const link = annPage.locator('article.message .message-content a', { hasText: 'notes.txt' });
    await link.waitFor();
    await expect(link.getAttribute('href')).resolves.toMatch(/\/user_uploads\//);

    // Dropped and pasted files upload too.
    await text.fill('Dropped:');
    const files = (name: string) => `(() => { const data = new DataTransfer(); data.items.add(new File(['some text'], '${name}', { type: 'text/plain' })); return data; })()`;
    await annPage.getByRole('form', { name: 'Compose' }).dispatchEvent('drop', { dataTransfer: await annPage.evaluateHandle(files('dropped.txt')) });
    await until(async () => (/^Dropped: \[dropped\.txt\]\(\/user_uploads\/[^)]+\)$/.test(await text.inputValue()) ? true : undefined), 'the dropped file linked', 15_000);
    await annPage.evaluate(`document.querySelector('textarea[aria-label="Message"]').dispatchEvent(new ClipboardEvent('paste', { clipboardData: ${files('pasted.txt')}, bubbles: true, cancelable: true }))`);
    await until(async () => (/\[pasted\.txt\]\(\/user_uploads\/[^)]+\)$/.test(await text.inputValue()) ? true : undefined), 'the pasted file linked', 15_000);

    // A refused upload (the answer stood in for here: a real one needs a file over the size limit) shows the server's words, and its placeholder goes.
    await annPage.route('**/json/user_uploads', (route) =>
      route.fulfill({ status: 400, contentType: 'application/json', body: JSON.stringify({ result: 'error', code: 'BAD_REQUEST', msg: 'File is larger than this server\'s limit.' }) }),
    );
    await text.fill('Too big:');
    await annPage.getByLabel('Files to upload').setInputFiles({ name: 'huge.bin', mimeType: 'application/octet-stream', buffer: Buffer.from('x') });
    await annPage.getByRole('alert').filter({ hasText: "File is larger than this server's limit." }).waitFor();
    await expect(text.inputValue()).resolves.toBe('Too big: ');
    await annPage.unroute('**/json/user_uploads');
  }, 90_000);

  it('schedules a message: it is listed in Scheduled messages and by the API, and can be deleted', async () => {
    const annPage = await logIn(annBrowser, ann);
    const text = await composeIn(annPage, 'dev', 'later');
    await text.fill('Standup notes, scheduled');
    await annPage.getByRole('button', { name: 'Schedule' }).click();
    const menu = annPage.getByRole('dialog', { name: 'Schedule message' });
    await menu.getByRole('button', { name: /^Tomorrow at 9:00 AM$/ }).waitFor();
    await shoot(annPage, 'compose-schedule-menu');
    await menu.getByRole('button', { name: /^Tomorrow at 9:00 AM$/ }).click();
    await annPage.getByRole('status').filter({ hasText: 'Scheduled for' }).waitFor();
    await expect(text.inputValue()).resolves.toBe('');

    const scheduled = async () => (await ann.api.get('scheduled_messages')).body.scheduled_messages as { content: string; topic: string; scheduled_message_id: number }[];
    const listed = await scheduled();
    expect(listed.map((message) => [message.content, message.topic])).toEqual([['Standup notes, scheduled', 'later']]);

    await annPage.getByRole('link', { name: 'Scheduled messages 1 scheduled' }).click();
    const overlay = annPage.getByRole('dialog', { name: 'Scheduled messages' });
    const item = overlay.getByRole('listitem').filter({ hasText: 'Standup notes, scheduled' });
    await item.getByText('#dev › later').waitFor();
    await shoot(annPage, 'compose-scheduled-list');
    await item.getByRole('button', { name: 'Delete' }).click();
    await item.waitFor({ state: 'detached' });
    await overlay.getByText('No scheduled messages').waitFor();
    await expect(scheduled()).resolves.toEqual([]);
    await overlay.getByRole('button', { name: 'Close' }).click();
    await overlay.waitFor({ state: 'detached' });

    // Edit takes a scheduled message back into the compose box, addressed as it was (through compose-requests).
    // (Closing the overlay went back to #dev, which addresses the box to the channel alone.)
    await annPage.getByRole('textbox', { name: 'Topic' }).fill('later');
    await text.fill('Retro at four');
    await annPage.getByRole('button', { name: 'Schedule' }).click();
    await menu.getByLabel('Send at').fill('2099-01-02T16:00');
    await menu.getByRole('button', { name: 'Schedule for this time' }).click();
    await until(async () => ((await scheduled()).length === 1 ? true : undefined), 'the second scheduled message');
    await channelLink(annPage, 'lounge').click();
    await annPage.getByRole('link', { name: 'Scheduled messages 1 scheduled' }).click();
    await overlay.getByRole('listitem').filter({ hasText: 'Retro at four' }).getByRole('button', { name: 'Edit' }).click();
    await overlay.waitFor({ state: 'detached' });
    await expect(text.inputValue()).resolves.toBe('Retro at four');
    await expect(annPage.getByRole('combobox', { name: 'Channel' }).inputValue()).resolves.toBe('dev');
    await expect(annPage.getByRole('textbox', { name: 'Topic' }).inputValue()).resolves.toBe('later');
    await until(async () => ((await scheduled()).length === 0 ? true : undefined), 'the edited message off the schedule');
  }, 90_000);

  it('starts a new direct message by typing a name', async () => {
    const annPage = await logIn(annBrowser, ann);
    await annPage.getByRole('button', { name: 'New direct message' }).click();
    const who = annPage.getByRole('combobox', { name: 'Add a recipient' });
    await who.pressSequentially('bob');
    await annPage.getByRole('listbox', { name: 'People' }).getByRole('option', { name: /Bob Compose/ }).waitFor();
    await shoot(annPage, 'compose-new-dm');
    await who.press('Enter');
    await annPage.getByRole('list', { name: 'Recipients' }).getByText('Bob Compose').waitFor();
    await annPage.getByRole('textbox', { name: 'Message' }).fill('A new DM from the compose box');
    await annPage.getByRole('button', { name: 'Send' }).click();
    const bobPage = await logIn(bobBrowser, bob);
    await bobPage.getByRole('navigation', { name: 'Views and channels' }).getByRole('link', { name: /^Ann Compose 1 unread$/ }).waitFor();
  }, 90_000);
});
