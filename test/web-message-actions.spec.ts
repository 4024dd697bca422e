import { Locator, Page } from 'playwright-core';
import { createTestRealm, sendMessage, subscribeTo, TestRealm, TestUser } from './support/api';
import { screenshotBothWidths, TestBrowser } from './support/browser';
import { until } from './support/until';
import { logInThroughPage } from './support/web-pages';

/**
 * The web app's message actions menu, rendered Markdown and widgets (issue 34), with two
 * people in two browsers: what one does through the menu, the other sees live.
 */
const describeInBrowser = TestBrowser.available() ? describe : describe.skip;


describeInBrowser('message actions, rendered content and widgets in a browser', () => {
  let realm: TestRealm;
  let ann: TestUser;
  let bob: TestUser;
  let annBrowser: TestBrowser;
  let bobBrowser: TestBrowser;
  let annPage: Page;
  let bobPage: Page;

  /** Logs `user` in through the log-in page and waits for the app to show its sidebar. */
  const logIn = (browser: TestBrowser, user: TestUser): Promise<Page> => logInThroughPage(browser, realm.api.host, user.email);

  beforeAll(async () => {
    realm = await createTestRealm('webactions');
    ann = await realm.createUser('Ann Actions');
    bob = await realm.createUser('Bob Actions');
    await subscribeTo(realm.ownerApi, 'kitchen', {}, [ann.userId, bob.userId]);
    annBrowser = await TestBrowser.launch();
    bobBrowser = await TestBrowser.launch();
    annPage = await logIn(annBrowser, ann);
    bobPage = await logIn(bobBrowser, bob);
    for (const page of [annPage, bobPage]) await openChannel(page, 'kitchen');
  }, 120_000);

  afterAll(async () => {
    await annBrowser?.close();
    await bobBrowser?.close();
  });

  async function openChannel(page: Page, name: string): Promise<void> {
    await page.getByRole('navigation', { name: 'Views and channels' }).getByRole('link', { name: new RegExp(`^${name}( \\d+ unread)?$`) }).click();
    await page.getByRole('heading', { level: 1, name: `#${name}` }).waitFor();
  }

  const messageOn = (page: Page, id: number) => page.locator(`article[data-message-id="${id}"]`);

  /** Opens a message's "⋯" menu and answers the menu. */
  async function openMenu(page: Page, id: number): Promise<Locator> {
    const message = messageOn(page, id);
    await message.hover();
    await message.getByRole('button', { name: 'Message actions' }).click();
    const menu = page.getByRole('menu', { name: 'Message actions' });
    await menu.waitFor();
    return menu;
  }

  const menuItems = async (menu: Locator) => (await menu.getByRole('menuitem').allTextContents()).map((text) => text.trim());

  it('lets Ann delete her message (Bob sees it go); Bob, a member, is not offered delete for hers', async () => {
    const id = await sendMessage(ann.api, { type: 'stream', to: 'kitchen', topic: 'chores', content: 'I will take out the bins' });
    await messageOn(bobPage, id).getByText('I will take out the bins').waitFor();
    await messageOn(annPage, id).getByText('I will take out the bins').waitFor();

    const bobMenu = await openMenu(bobPage, id);
    const bobItems = await menuItems(bobMenu);
    expect(bobItems).toEqual(expect.arrayContaining(['Quote and reply', 'Copy link to message', 'Mark as unread from here', 'Star message']));
    expect(bobItems).not.toContain('Delete message');
    expect(bobItems).not.toContain('Edit message');
    // The menu is keyboard-driven: focus starts on the first item, Escape closes it and returns focus.
    await expect(bobPage.evaluate('document.activeElement.textContent')).resolves.toBe('Quote and reply');
    await bobPage.keyboard.press('ArrowDown');
    await expect(bobPage.evaluate('document.activeElement.getAttribute("role")')).resolves.toBe('menuitem');
    await bobPage.keyboard.press('Escape');
    await bobMenu.waitFor({ state: 'detached' });
    await expect(bobPage.evaluate('document.activeElement.getAttribute("aria-label")')).resolves.toBe('Message actions');

    const annMenu = await openMenu(annPage, id);
    expect(await menuItems(annMenu)).toEqual(expect.arrayContaining(['Edit message', 'Move messages', 'Delete message']));
    await annMenu.getByRole('menuitem', { name: 'Delete message' }).click();
    const dialog = annPage.getByRole('dialog', { name: 'Delete message?' });
    await dialog.getByRole('button', { name: 'Delete' }).click();
    await dialog.waitFor({ state: 'detached' });
    await messageOn(annPage, id).waitFor({ state: 'detached' });
    await messageOn(bobPage, id).waitFor({ state: 'detached' });
  }, 60_000);

  it('moves a topic through the dialog; Bob sees the message under the new topic, marked (moved)', async () => {
    const id = await sendMessage(ann.api, { type: 'stream', to: 'kitchen', topic: 'old plans', content: 'Dinner at eight' });
    await messageOn(bobPage, id).waitFor();
    const menu = await openMenu(annPage, id);
    await menu.getByRole('menuitem', { name: 'Move messages' }).click();
    const dialog = annPage.getByRole('dialog', { name: 'Move messages' });
    await expect(dialog.getByRole('textbox', { name: 'Topic' }).inputValue()).resolves.toBe('old plans');
    await dialog.getByRole('textbox', { name: 'Topic' }).fill('new plans');
    await dialog.getByRole('combobox', { name: 'Which messages' }).selectOption('change_all');
    await dialog.getByRole('checkbox', { name: 'Send notification to new thread' }).uncheck();
    await dialog.getByRole('button', { name: 'Confirm' }).click();
    await dialog.waitFor({ state: 'detached' });

    const moved = messageOn(bobPage, id);
    await moved.getByRole('button', { name: '(moved)' }).waitFor();
    await expect(bobPage.locator('section.message-block', { has: moved }).locator('.recipient-topic').textContent()).resolves.toBe('new plans');
    // The marker opens the history, which names the move.
    await moved.getByRole('button', { name: '(moved)' }).click();
    const history = bobPage.getByRole('dialog', { name: 'Message edit history' });
    await history.getByText('Topic: old plans → new plans').waitFor();
    await history.getByRole('button', { name: 'Close' }).click();
    await history.waitFor({ state: 'detached' });
  }, 60_000);

  it('shows an edited message’s earlier version in its edit history', async () => {
    const id = await sendMessage(ann.api, { type: 'stream', to: 'kitchen', topic: 'history', content: 'Soup on Monday' });
    await messageOn(bobPage, id).waitFor();
    await ann.api.patch(`messages/${id}`, { content: 'Soup on Tuesday' });
    const message = messageOn(bobPage, id);
    await message.getByText('Soup on Tuesday').waitFor();
    const menu = await openMenu(bobPage, id);
    await menu.getByRole('menuitem', { name: 'View edit history' }).click();
    const versions = bobPage.getByRole('dialog', { name: 'Message edit history' }).getByRole('list', { name: 'Versions' });
    await versions.getByText('Soup on Monday').waitFor();
    await versions.getByText('Soup on Tuesday').waitFor();
    await expect(versions.getByRole('listitem').first().textContent()).resolves.toContain('Original message');
    await bobPage.keyboard.press('Escape');
    await versions.waitFor({ state: 'detached' });
  }, 60_000);

  it('quotes a message into the compose box and copies a /with/ link to it', async () => {
    const id = await sendMessage(ann.api, { type: 'stream', to: 'kitchen', topic: 'quotes', content: 'Bring **bread**' });
    await messageOn(bobPage, id).locator('strong').waitFor();
    const quoteMenu = await openMenu(bobPage, id);
    await quoteMenu.getByRole('menuitem', { name: 'Quote and reply' }).click();
    const textbox = bobPage.getByRole('textbox', { name: 'Message' });
    const quoted = await until(async () => {
      const value = await textbox.inputValue();
      return value.includes('```quote') ? value : undefined;
    }, 'the quote in the compose box');
    const host = `http://${realm.api.host}`;
    expect(quoted).toMatch(new RegExp(`^@_\\*\\*Ann Actions\\|${ann.userId}\\*\\* \\[said\\]\\(${host.replace(/\./g, '\\.')}/#narrow/channel/\\d+-kitchen/topic/quotes/near/${id}\\):\n\`\`\`quote\nBring \\*\\*bread\\*\\*\n\`\`\`\n$`));
    await expect(bobPage.getByRole('textbox', { name: 'Topic' }).inputValue()).resolves.toBe('quotes');

    await bobPage.context().grantPermissions(['clipboard-read', 'clipboard-write'], { origin: host });
    const linkMenu = await openMenu(bobPage, id);
    await linkMenu.getByRole('menuitem', { name: 'Copy link to message' }).click();
    const link = await until(async () => {
      const text = String(await bobPage.evaluate('navigator.clipboard.readText()'));
      return text.includes('/with/') ? text : undefined;
    }, 'the link on the clipboard');
    expect(link).toMatch(new RegExp(`^${host.replace(/\./g, '\\.')}/#narrow/channel/\\d+-kitchen/topic/quotes/with/${id}$`));
  }, 60_000);

  it('renders a spoiler that opens on click, and KaTeX math in KaTeX’s fonts', async () => {
    const content = [
      'Recipe notes for @**Bob Actions**:',
      '```python',
      'def total(items):',
      '    return sum(item.price for item in items)',
      '```',
      'Area: $$\\pi r^2$$',
      '```spoiler The secret ingredient',
      'A pinch of **cardamom**',
      '```',
      '| Dish | Minutes |',
      '| --- | --- |',
      '| Soup | 40 |',
      '',
      '> Cook it `low and slow` :tada: until <time:2026-12-01T18:00:00Z>, then see #**kitchen>quotes**',
    ].join('\n');
    const id = await sendMessage(ann.api, { type: 'stream', to: 'kitchen', topic: 'showcase', content });
    const message = messageOn(bobPage, id);
    const header = message.getByRole('button', { name: 'The secret ingredient' });
    await header.waitFor();
    const secret = message.getByText('A pinch of');
    await expect(secret.isVisible()).resolves.toBe(false);
    await expect(header.getAttribute('aria-expanded')).resolves.toBe('false');
    await header.click();
    await secret.waitFor({ state: 'visible' });
    await expect(header.getAttribute('aria-expanded')).resolves.toBe('true');

    const katex = message.locator('.katex').first();
    await katex.waitFor();
    await expect(bobPage.evaluate(`getComputedStyle(document.querySelector('article[data-message-id="${id}"] .katex')).fontFamily`)).resolves.toContain('KaTeX_Main');
    // Bob is mentioned: his mention is marked as his. The time shows in his own time zone.
    await message.locator('.user-mention.user-mention-me').waitFor();
    const shown = await message.locator('.message-content time').evaluate((element) => ({ text: element.textContent, iso: element.getAttribute('datetime') }));
    expect(shown.iso).toBe('2026-12-01T18:00:00Z');
    expect(shown.text).not.toContain('2026-12-01T18:00:00Z');
    expect(shown.text).toMatch(/Dec.*1.*2026/);
  }, 60_000);

  it('runs a poll: Ann creates it, Bob votes, Ann sees the count go up live', async () => {
    await annPage.getByRole('button', { name: 'Message #kitchen' }).click();
    await annPage.getByRole('textbox', { name: 'Topic' }).fill('showcase');
    await annPage.getByRole('textbox', { name: 'Message' }).fill('/poll Lunch?\nPizza\nSoup');
    await annPage.getByRole('textbox', { name: 'Message' }).press('Control+Enter');
    const annPoll = annPage.getByRole('region', { name: 'Poll: Lunch?' });
    await annPoll.getByRole('button', { name: 'Pizza: 0 votes' }).waitFor();

    const bobPoll = bobPage.getByRole('region', { name: 'Poll: Lunch?' });
    await bobPoll.getByRole('button', { name: 'Pizza: 0 votes' }).click();
    await bobPoll.getByRole('button', { name: 'Pizza: 1 vote', pressed: true }).waitFor();
    await annPoll.getByRole('button', { name: 'Pizza: 1 vote', pressed: false }).waitFor();
    await annPoll.getByText('(Bob Actions)').waitFor();
    // Bob adds an option; Ann sees it.
    await bobPoll.getByRole('textbox', { name: 'New poll option' }).fill('Tacos');
    await bobPoll.getByRole('button', { name: 'Add option' }).click();
    await annPoll.getByRole('button', { name: 'Tacos: 0 votes' }).waitFor();

    // A todo list: Bob ticks a task, Ann sees it ticked.
    await annPage.getByRole('textbox', { name: 'Message' }).fill('/todo Shopping\nFlour\nEggs: a dozen');
    await annPage.getByRole('textbox', { name: 'Message' }).press('Control+Enter');
    const bobTodo = bobPage.getByRole('region', { name: 'To-do list: Shopping' });
    // The box shows what the server says: it ticks when the submessage event comes back.
    await bobTodo.getByRole('checkbox', { name: 'Flour' }).click();
    await bobTodo.getByRole('checkbox', { name: 'Flour', checked: true }).waitFor();
    await annPage.getByRole('region', { name: 'To-do list: Shopping' }).getByRole('checkbox', { name: 'Flour', checked: true }).waitFor();
    await annPage.getByRole('region', { name: 'To-do list: Shopping' }).getByRole('checkbox', { name: /^Eggs/, checked: false }).waitFor();
  }, 60_000);

  it('looks right at 1280 and 375 px: the menu open, and code, math, spoiler and poll', async () => {
    await bobPage.goto(`${bobPage.url().split('#')[0]}#narrow/channel/${await channelId('kitchen')}-kitchen/topic/showcase`);
    const first = bobPage.locator('article.message').first();
    await first.waitFor();
    await bobPage.getByRole('region', { name: 'Poll: Lunch?' }).waitFor();
    // The compose box (holding the quote from an earlier test) closed, so the feed shows more.
    await bobPage.getByRole('form', { name: 'Compose' }).getByRole('button', { name: 'Close' }).click();
    await first.getByRole('button', { name: 'The secret ingredient' }).click();
    await first.scrollIntoViewIfNeeded();
    const shots = await screenshotBothWidths(bobPage, 'actions-rendered');
    expect(shots.phoneScrollsHorizontally).toBe(false);
    await bobPage.emulateMedia({ colorScheme: 'dark' });
    await screenshotBothWidths(bobPage, 'actions-rendered-dark');
    await bobPage.emulateMedia({ colorScheme: 'light' });
    const id = Number(await first.getAttribute('data-message-id'));
    await openMenu(bobPage, id);
    await screenshotBothWidths(bobPage, 'actions-menu');
    await bobPage.keyboard.press('Escape');
  }, 60_000);

  async function channelId(name: string): Promise<number> {
    const response = await ann.api.get('get_stream_id', { stream: name });
    return response.body.stream_id as number;
  }
});
