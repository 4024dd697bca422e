import { Locator, Page } from 'playwright-core';
import { createTestRealm, sendMessage, subscribeTo, TestRealm, TestUser } from './support/api';
import { screenshotBothWidths, scrollsHorizontally, TestBrowser } from './support/browser';
import { until } from './support/until';
import { sidebarChannelLink, SpecBrowsers } from './support/web-pages';

/**
 * The web app end to end (issue 34): people log in through /login/, land in the combined
 * feed, and see each other's messages live, with unread counts, in two browsers.
 */
const describeInBrowser = TestBrowser.available() ? describe : describe.skip;


describeInBrowser('the web app in a browser', () => {
  let realm: TestRealm;
  let ann: TestUser;
  let bob: TestUser;
  let annBrowser: TestBrowser;
  let bobBrowser: TestBrowser;

  const web = SpecBrowsers.forThisFile();

  beforeAll(async () => {
    realm = await createTestRealm('webapp');
    ann = await realm.createUser('Ann Webapp');
    bob = await realm.createUser('Bob Webapp');
    await subscribeTo(realm.ownerApi, 'lounge', {}, [ann.userId, bob.userId]);
    await subscribeTo(realm.ownerApi, 'dev', {}, [ann.userId, bob.userId]);
    [annBrowser, bobBrowser] = await web.launch(2);
  }, 120_000);

  /** Logs `user` in through the log-in page and waits for the app to show its sidebar. */
  const logIn = (browser: TestBrowser, user: TestUser): Promise<Page> => web.logIn(browser, realm.api.host, user.email);

  const channelLink = sidebarChannelLink;

  /** The unread count a sidebar link shows (0 when it shows none). */
  async function unreadOn(link: Locator): Promise<number> {
    const text = (await link.textContent()) ?? '';
    return Number(/(\d+) unread/.exec(text)?.[1] ?? 0);
  }

  /** Waits until the link's count is `count`. */
  const countBecomes = (link: Locator, count: number, what: string) =>
    until(async () => ((await unreadOn(link)) === count ? true : undefined), `${what} to show ${count} unread`, 15_000);

  it('A posts in a channel topic; B, elsewhere, sees the unread count go up live, then reads it', async () => {
    const annPage = await logIn(annBrowser, ann);
    const bobPage = await logIn(bobBrowser, bob);
    for (const page of [annPage, bobPage]) {
      await expect(page.getByRole('heading', { level: 1 }).textContent()).resolves.toBe('Combined feed');
    }

    // Bob reads another channel, so Ann's message is not on his screen.
    await channelLink(bobPage, 'lounge').click();
    await bobPage.getByRole('heading', { level: 1, name: '#lounge' }).waitFor();
    // Opening it reads its creation notice: wait for that, or the feed's count would still fall after it is taken.
    await countBecomes(channelLink(bobPage, 'lounge'), 0, "Bob's #lounge, read,");
    // (The other channel's creation notice is unread for him already.)
    const devBefore = await unreadOn(channelLink(bobPage, 'dev'));
    const feedLink = bobPage.getByRole('link', { name: /^Combined feed( \d+ unread)?$/ });
    const feedBefore = await unreadOn(feedLink);

    await channelLink(annPage, 'dev').click();
    await annPage.getByRole('button', { name: 'Message #dev' }).click();
    await annPage.getByRole('textbox', { name: 'Topic' }).fill('deploys');
    await annPage.getByRole('textbox', { name: 'Message' }).fill('Deploying the **new build** now');
    await annPage.getByRole('button', { name: 'Send' }).click();
    // Ann's own message: echoed at once, then the server's rendering.
    await annPage.locator('.message-content strong', { hasText: 'new build' }).waitFor();
    await expect(annPage.getByRole('textbox', { name: 'Message' }).inputValue()).resolves.toBe('');

    await countBecomes(channelLink(bobPage, 'dev'), devBefore + 1, "Bob's #dev");
    await countBecomes(feedLink, feedBefore + 1, "Bob's combined feed");

    // Bob opens the channel: the message is there, under its recipient bar, and gets read.
    await bobPage.bringToFront();
    await channelLink(bobPage, 'dev').click();
    const message = bobPage.locator('article.message', { hasText: 'Deploying the new build now' });
    await message.waitFor();
    await expect(message.locator('.sender-name').textContent()).resolves.toBe('Ann Webapp');
    await expect(bobPage.locator('section.message-block', { has: message }).locator('.recipient-topic').textContent()).resolves.toBe('deploys');
    await countBecomes(channelLink(bobPage, 'dev'), 0, "Bob's #dev, read,");

    // Ann types: Bob, in the same topic, is told; her message, sent with Ctrl+Enter, ends the notice and arrives live.
    // Enter adds a line (enter_sends is off by default); only Ctrl+Enter sends.
    const annText = annPage.getByRole('textbox', { name: 'Message' });
    await annText.fill('Done:');
    await annText.press('Enter');
    await annText.pressSequentially('all green');
    await expect(annText.inputValue()).resolves.toBe('Done:\nall green');
    await bobPage.getByText('Ann Webapp is typing…').waitFor();
    // What she typed is saved to her drafts once she pauses, and the draft goes when she sends.
    const annDrafts = async () => ((await ann.api.get('drafts')).body.drafts as { content: string }[]).map((draft) => draft.content);
    await until(async () => ((await annDrafts()).includes('Done:\nall green') ? true : undefined), "Ann's draft saved");
    await annPage.getByRole('textbox', { name: 'Message' }).press('Control+Enter');
    await bobPage.locator('article.message', { hasText: /Done:\s*all green/ }).waitFor();
    await bobPage.getByText('Ann Webapp is typing…').waitFor({ state: 'detached' });
    await until(async () => ((await annDrafts()).length === 0 ? true : undefined), "Ann's draft removed once sent");

    const shots = await screenshotBothWidths(bobPage, 'webapp-channel');
    expect(shots.phoneScrollsHorizontally).toBe(false);
  }, 90_000);

  it('shows edits, reactions, stars and deletions live, and carries a DM both ways', async () => {
    await bobBrowser.clearCookies();
    const bobPage = await logIn(bobBrowser, bob);
    const id = await sendMessage(ann.api, { type: 'stream', to: 'lounge', topic: 'live', content: 'first draft' });
    await channelLink(bobPage, 'lounge').click();
    const message = bobPage.locator(`article[data-message-id="${id}"]`);
    await message.getByText('first draft').waitFor();

    // Unicode emoji show as characters (the server names them by class, as Zulip's does).
    const party = await sendMessage(ann.api, { type: 'stream', to: 'lounge', topic: 'live', content: 'shipped :tada:' });
    await expect(bobPage.locator(`article[data-message-id="${party}"] span.emoji`).textContent()).resolves.toBe('🎉');

    await ann.api.patch(`messages/${id}`, { content: 'second thoughts' });
    await message.getByText('second thoughts').waitFor();
    await message.getByText('(edited)').waitFor();
    await ann.api.post(`messages/${id}/reactions`, { emoji_name: 'thumbs_up' });
    const thumbs = message.getByRole('list', { name: 'Reactions' }).getByRole('button', { name: /thumbs_up/ });
    await expect(thumbs.textContent()).resolves.toMatch(/ 1$/);
    // Bob adds his own to Ann's, then takes it back.
    await thumbs.click();
    await message.getByRole('button', { name: 'thumbs_up 2', pressed: true }).waitFor();
    await thumbs.click();
    await message.getByRole('button', { name: 'thumbs_up 1', pressed: false }).waitFor();
    await message.getByRole('button', { name: 'Star' }).click();
    await message.getByRole('button', { name: 'Star', pressed: true }).waitFor();
    await bobPage.getByRole('link', { name: 'Starred messages' }).click();
    await bobPage.locator(`article[data-message-id="${id}"]`).waitFor();
    await realm.ownerApi.delete(`messages/${id}`);
    await bobPage.locator(`article[data-message-id="${id}"]`).waitFor({ state: 'detached' });
    await bobPage.getByText('No starred messages').waitFor();

    // Bob writes to Ann from the people list; Ann's DM list counts it.
    await bobPage.getByRole('complementary', { name: 'People' }).getByRole('link', { name: /^Ann Webapp/ }).click();
    await bobPage.getByRole('heading', { level: 1, name: 'Direct messages with Ann Webapp' }).waitFor();
    await bobPage.getByRole('button', { name: 'Message Ann Webapp' }).click();
    await bobPage.getByRole('textbox', { name: 'Message' }).fill('Lunch later?');
    await bobPage.getByRole('button', { name: 'Send' }).click();
    const lunch = bobPage.locator('article.message', { hasText: 'Lunch later?' });
    await lunch.waitFor();
    // He edits it in place: Escape leaves it, Ctrl+Enter saves.
    await lunch.hover();
    await lunch.getByRole('button', { name: 'Edit' }).click();
    await lunch.getByRole('textbox', { name: 'Edit message' }).press('Escape');
    await lunch.getByRole('textbox', { name: 'Edit message' }).waitFor({ state: 'detached' });
    await lunch.getByRole('button', { name: 'Edit' }).click();
    const editor = lunch.getByRole('textbox', { name: 'Edit message' });
    await expect(editor.inputValue()).resolves.toBe('Lunch later?');
    await editor.fill('Lunch later? **Noon**');
    await editor.press('Control+Enter');
    await lunch.locator('strong', { hasText: 'Noon' }).waitFor();
    await lunch.getByText('(edited)').waitFor();
    await bobPage.getByRole('searchbox', { name: 'Search messages' }).fill('lunch');
    await bobPage.getByRole('searchbox', { name: 'Search messages' }).press('Enter');
    await bobPage.getByRole('heading', { level: 1, name: 'Search: lunch' }).waitFor();
    await bobPage.locator('article.message', { hasText: 'Lunch later?' }).waitFor();
    expect(bobPage.url()).toMatch(/#narrow\/search\/lunch$/);
    await annBrowser.clearCookies();
    const annPage = await logIn(annBrowser, ann);
    await annPage.getByRole('navigation', { name: 'Views and channels' }).getByRole('link', { name: 'Bob Webapp 1 unread' }).waitFor();
  }, 90_000);

  it('B replies in a DM through the compose box; A, in that DM, sees "B is typing" and then the message', async () => {
    await annBrowser.clearCookies();
    await bobBrowser.clearCookies();
    const annPage = await logIn(annBrowser, ann);
    const bobPage = await logIn(bobBrowser, bob);
    await sendMessage(ann.api, { type: 'direct', to: JSON.stringify([bob.userId]), content: 'Are you around?' });
    // Each opens the conversation from the people list.
    await annPage.getByRole('complementary', { name: 'People' }).getByRole('link', { name: /^Bob Webapp/ }).click();
    await annPage.getByRole('heading', { level: 1, name: 'Direct messages with Bob Webapp' }).waitFor();
    await bobPage.getByRole('complementary', { name: 'People' }).getByRole('link', { name: /^Ann Webapp/ }).click();
    await bobPage.locator('article.message', { hasText: 'Are you around?' }).waitFor();
    await bobPage.getByRole('button', { name: 'Message Ann Webapp' }).click();
    const reply = bobPage.getByRole('textbox', { name: 'Message' });
    await reply.pressSequentially('Yes, here');
    await annPage.getByText('Bob Webapp is typing…').waitFor();
    await bobPage.getByRole('button', { name: 'Send' }).click();
    await annPage.locator('article.message', { hasText: 'Yes, here' }).waitFor();
    await annPage.getByText('Bob Webapp is typing…').waitFor({ state: 'detached' });
    await expect(annPage.locator('article.message', { hasText: 'Yes, here' }).locator('.sender-name').textContent()).resolves.toBe('Bob Webapp');
  }, 60_000);

  it('"Mark all as read" clears every unread count, on the server too', async () => {
    await bobBrowser.clearCookies();
    const bobPage = await logIn(bobBrowser, bob);
    for (let i = 0; i < 3; i++) await sendMessage(ann.api, { type: 'stream', to: 'dev', topic: `backlog ${i}`, content: `backlog message ${i}` });
    const feedLink = bobPage.getByRole('link', { name: /^Combined feed( \d+ unread)?$/ });
    await until(async () => ((await unreadOn(feedLink)) >= 3 ? true : undefined), "Bob's backlog to show");
    await bobPage.getByRole('button', { name: 'Mark all as read' }).click();
    await countBecomes(feedLink, 0, "Bob's combined feed, all read,");
    await countBecomes(channelLink(bobPage, 'dev'), 0, "Bob's #dev, all read,");
    await bobPage.getByRole('button', { name: 'Mark all as read' }).waitFor({ state: 'detached' });
    const unread = await bob.api.get('messages', { anchor: 'newest', num_before: 100, num_after: 0, narrow: JSON.stringify([{ operator: 'is', operand: 'unread' }]) });
    expect(unread.body.messages).toEqual([]);
  }, 60_000);

  it('at phone width the feed does not scroll sideways and the sidebars are drawers', async () => {
    await sendMessage(bob.api, { type: 'stream', to: 'lounge', topic: 'a rather long topic name that has to be cut short on a phone', content: `A long line without spaces: ${'x'.repeat(120)}` });
    await annBrowser.clearCookies();
    const page = await logIn(annBrowser, ann);
    await page.locator('article.message').first().waitFor();
    expect(await scrollsHorizontally(page)).toBe(false);
    await page.setViewportSize({ width: 375, height: 740 });
    const sidebar = page.getByRole('navigation', { name: 'Views and channels' });
    await expect(sidebar.isVisible()).resolves.toBe(false);
    await page.getByRole('button', { name: 'Channels' }).click();
    await sidebar.waitFor({ state: 'visible' });
    await page.keyboard.press('Escape');
    await sidebar.waitFor({ state: 'hidden' });
    // A fragment naming no channel the person can see shows the server's refusal in the feed.
    await page.goto(`http://${realm.api.host}/#narrow/channel/999999-nowhere`);
    await page.getByRole('alert').filter({ hasText: /channel/i }).waitFor();
    await page.goto(`http://${realm.api.host}/#feed`);
    await page.locator('article.message').first().waitFor();
    const shots = await screenshotBothWidths(page, 'webapp-feed');
    expect(shots.phoneScrollsHorizontally).toBe(false);
  }, 60_000);
});
