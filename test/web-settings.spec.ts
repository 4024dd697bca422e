import * as fs from 'node:fs';
import * as path from 'node:path';
import { Page } from 'playwright-core';
import { createTestRealm, sendMessage, subscribeTo, TestRealm, TestUser } from './support/api';
import { postMultipart } from './support/multipart';
import { screenshotBothWidths, SCREENSHOT_DIR, scrollsHorizontally, TestBrowser } from './support/browser';
import { until } from './support/until';
import { SpecBrowsers, USER_PASSWORD } from './support/web-pages';

/**
 * Personal settings in the web app (issue 34): `#settings/<section>` opened by URL, each
 * change made through the page and seen where it shows (another browser, the theme, the
 * compose box, the sidebar), the server's words where it refuses.
 */
const describeInBrowser = TestBrowser.available() ? describe : describe.skip;

const PASSWORD = USER_PASSWORD;
/** The dark theme's page background (web/styles/tokens.css, --bg). */
const DARK_BACKGROUND = 'rgb(27, 30, 33)';
const LIGHT_BACKGROUND = 'rgb(255, 255, 255)';
/** A 1×1 PNG, for an avatar upload. */
const PIXEL_PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==', 'base64');

describeInBrowser('personal settings in the web app', () => {
  let realm: TestRealm;
  let ann: TestUser;
  let bob: TestUser;
  let annBrowser: TestBrowser;
  let bobBrowser: TestBrowser;
  const web = SpecBrowsers.forThisFile();

  beforeAll(async () => {
    realm = await createTestRealm('websettings');
    ann = await realm.createUser('Ann Settings');
    bob = await realm.createUser('Bob Settings');
    await subscribeTo(realm.ownerApi, 'lounge', {}, [ann.userId, bob.userId]);
    [annBrowser, bobBrowser] = await web.launch(2);
  }, 120_000);

  /** Logs `user` in through the log-in page, then opens `hash` (the feed by default). */
  const logIn = (browser: TestBrowser, user: TestUser, hash = ''): Promise<Page> => web.logIn(browser, realm.api.host, user.email, hash);

  const sectionsNav = (page: Page) => page.getByRole('navigation', { name: 'Settings sections' });
  const background = (page: Page) => page.evaluate('getComputedStyle(document.body).backgroundColor');

  /** Screenshots of the page at both widths, copied to /work/shots when that folder exists (for review). */
  async function shoot(page: Page, name: string): Promise<void> {
    const shots = await screenshotBothWidths(page, `settings-${name}`);
    expect(shots.phoneScrollsHorizontally).toBe(false);
    const review = '/work/shots';
    if (!fs.existsSync(review)) return;
    for (const [suffix, width] of [['desktop', 1280], ['phone', 375]] as const) {
      fs.copyFileSync(path.join(SCREENSHOT_DIR, `settings-${name}-${suffix}.png`), path.join(review, `settings-${name}-${width}.png`));
    }
  }

  it('opens #settings/profile by URL, with its sections in a nav; a new name shows live in another browser', async () => {
    const annPage = await logIn(annBrowser, ann, '#settings/profile');
    const bobPage = await logIn(bobBrowser, bob);
    await annPage.getByRole('heading', { level: 1, name: 'Personal settings' }).waitFor();
    const links = await sectionsNav(annPage).getByRole('link').allTextContents();
    expect(links).toEqual(['Profile', 'Account & privacy', 'Preferences', 'Notifications', 'Bots', 'Alert words', 'Uploaded files', 'Topics', 'Muted users']);
    await expect(sectionsNav(annPage).getByRole('link', { name: 'Profile' }).getAttribute('aria-current')).resolves.toBe('page');
    await annPage.getByRole('main').getByRole('heading', { level: 2, name: 'Profile' }).waitFor();

    const people = bobPage.getByRole('complementary', { name: 'People' });
    await people.getByRole('link', { name: /^Ann Settings/ }).waitFor();
    const nameField = annPage.getByRole('textbox', { name: 'Name' });
    await expect(nameField.inputValue()).resolves.toBe('Ann Settings');
    await nameField.fill('Ann Renamed');
    await annPage.getByRole('button', { name: 'Save name' }).click();
    await people.getByRole('link', { name: /^Ann Renamed/ }).waitFor();
    await expect(nameField.inputValue()).resolves.toBe('Ann Renamed');

    // A name the server refuses keeps the field and shows its words beside it.
    await nameField.fill('x'.repeat(200));
    await annPage.getByRole('button', { name: 'Save name' }).click();
    await expect(annPage.getByRole('alert').textContent()).resolves.toMatch(/name/i);
    await nameField.fill('Ann Settings');
    await annPage.getByRole('button', { name: 'Save name' }).click();
    await people.getByRole('link', { name: /^Ann Settings/ }).waitFor();
    await shoot(annPage, 'profile');

    // An uploaded avatar shows at once and can be deleted again (back to initials).
    await expect(annPage.getByRole('button', { name: 'Delete avatar' }).count()).resolves.toBe(0);
    await annPage.getByLabel('Upload new avatar').setInputFiles({ name: 'me.png', mimeType: 'image/png', buffer: PIXEL_PNG });
    await annPage.locator('.avatar-large img[src*="/user_avatars/"]').waitFor();
    await annPage.getByRole('button', { name: 'Delete avatar' }).click();
    await annPage.locator('.avatar-large img').waitFor({ state: 'detached' });

    // Back to the feed, and the sections open by the nav.
    await sectionsNav(annPage).getByRole('link', { name: 'Alert words' }).click();
    await annPage.getByRole('heading', { level: 2, name: 'Alert words' }).waitFor();
    expect(annPage.url()).toMatch(/#settings\/alert-words$/);
    await annPage.getByRole('link', { name: /Back to messages/ }).click();
    await annPage.getByRole('navigation', { name: 'Views and channels' }).waitFor();
    await annPage.getByRole('button', { name: 'Personal menu' }).click();
    await shoot(annPage, 'menu');
    await annPage.getByRole('link', { name: 'Personal settings' }).click();
    await annPage.getByRole('heading', { level: 2, name: 'Profile' }).waitFor();
  }, 90_000);

  it('a dark theme colours the page at once and after a reload; Enter-sends changes the compose hint', async () => {
    const page = await logIn(annBrowser, ann, '#settings/preferences');
    await page.getByRole('heading', { level: 2, name: 'Preferences' }).waitFor();
    await expect(background(page)).resolves.toBe(LIGHT_BACKGROUND);
    await page.getByRole('combobox', { name: 'Theme' }).selectOption({ label: 'Dark' });
    await until(async () => ((await background(page)) === DARK_BACKGROUND ? true : undefined), 'the page to turn dark');
    await shoot(page, 'preferences');
    await page.reload();
    await page.getByRole('heading', { level: 2, name: 'Preferences' }).waitFor();
    await expect(background(page)).resolves.toBe(DARK_BACKGROUND);
    await page.getByRole('combobox', { name: 'Theme' }).selectOption({ label: 'Light' });
    await until(async () => ((await background(page)) === LIGHT_BACKGROUND ? true : undefined), 'the page to turn light');

    const enterSends = page.getByRole('checkbox', { name: /Enter sends a message/ });
    await expect(enterSends.isChecked()).resolves.toBe(false);
    await enterSends.check();
    await page.getByRole('link', { name: /Back to messages/ }).click();
    await page.getByRole('navigation', { name: 'Views and channels' }).waitFor();
    await page.keyboard.press('c');
    await page.getByText('Enter sends, Shift+Enter adds a line').waitFor();
    await page.goto(`http://${realm.api.host}/#settings/preferences`);
    await enterSends.uncheck();
    await page.getByRole('link', { name: /Back to messages/ }).click();
    await page.getByRole('navigation', { name: 'Views and channels' }).waitFor();
    await page.keyboard.press('c');
    await page.getByText('Ctrl+Enter sends, Enter adds a line').waitFor();
  }, 90_000);

  it('message times follow the 24-hour setting; a muted user is listed and unmuted', async () => {
    await sendMessage(bob.api, { type: 'stream', to: 'lounge', topic: 'clock', content: 'what time is it' });
    const page = await logIn(annBrowser, ann, '#settings/preferences');
    await page.getByRole('combobox', { name: 'Time format' }).selectOption({ label: '24-hour clock (17:00)' });
    await page.getByRole('link', { name: /Back to messages/ }).click();
    const time = page.locator('article.message', { hasText: 'what time is it' }).locator('time').first();
    await until(async () => (/^\d{2}:\d{2}$/.test((await time.textContent()) ?? '') ? true : undefined), 'a 24-hour message time');
    await page.goto(`http://${realm.api.host}/#settings/preferences`);
    await page.getByRole('combobox', { name: 'Time format' }).selectOption({ label: '12-hour clock (5:00 PM)' });

    await ann.api.post(`users/me/muted_users/${bob.userId}`);
    await page.goto(`http://${realm.api.host}/#settings/muted-users`);
    await page.getByRole('list', { name: 'Muted users' }).getByText('Bob Settings').waitFor();
    await page.getByRole('button', { name: 'Unmute Bob Settings' }).click();
    await page.getByText('You have not muted anyone.').waitFor();
  }, 60_000);

  it('adds and removes an alert word', async () => {
    const page = await logIn(annBrowser, ann, '#settings/alert-words');
    await page.getByRole('textbox', { name: 'New alert word' }).fill('pineapple');
    await page.getByRole('button', { name: 'Add alert word' }).click();
    const list = page.getByRole('list', { name: 'Alert words' });
    await list.getByText('pineapple').waitFor();
    expect(((await ann.api.get('users/me/alert_words')).body.alert_words as string[])).toEqual(['pineapple']);
    await page.getByRole('button', { name: 'Remove alert word pineapple' }).click();
    await page.getByText('No alert words yet.').waitFor();
  }, 60_000);

  it('shows the API key after the password, as fetch_api_key gives it; a wrong password gets the server\'s words', async () => {
    const page = await logIn(annBrowser, ann, '#settings/account-and-privacy');
    await page.getByRole('heading', { level: 2, name: 'Account & privacy' }).waitFor();
    await page.getByText(ann.email).waitFor();
    await shoot(page, 'account-and-privacy');
    const password = page.getByLabel('Your password, to show your API key');
    await password.fill('not-the-password');
    await page.getByRole('button', { name: 'Show API key' }).click();
    await page.getByRole('alert').waitFor();
    await password.fill(PASSWORD);
    await page.getByRole('button', { name: 'Show API key' }).click();
    const shown = await page.locator('.api-key code').textContent();
    const fetched = await realm.api.post('fetch_api_key', { username: ann.email, password: PASSWORD });
    expect(shown).toBe(fetched.body.api_key);
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('link', { name: 'Download zuliprc' }).click()]);
    const zuliprc = fs.readFileSync(await download.path(), 'utf8');
    expect(zuliprc).toBe(`[api]\nemail=${ann.email}\nkey=${shown}\nsite=http://${realm.api.host}\n`);
  }, 60_000);

  it('muting a followed topic in settings takes its unread messages out of the channel count', async () => {
    await sendMessage(bob.api, { type: 'stream', to: 'lounge', topic: 'noisy', content: 'one' });
    await sendMessage(bob.api, { type: 'stream', to: 'lounge', topic: 'noisy', content: 'two' });
    await sendMessage(bob.api, { type: 'stream', to: 'lounge', topic: 'quiet', content: 'three' });
    const lounge = (await ann.api.get('get_stream_id', { stream: 'lounge' })).body.stream_id as number;
    await ann.api.post('user_topics', { stream_id: lounge, topic: 'noisy', visibility_policy: 3 });
    const page = await logIn(annBrowser, ann);
    const link = page.getByRole('navigation', { name: 'Views and channels' }).getByRole('link', { name: /^lounge( \d+ unread)?$/ });
    const unread = async () => Number(/(\d+) unread/.exec((await link.textContent()) ?? '')?.[1] ?? 0);
    const before = await unread();
    expect(before).toBeGreaterThanOrEqual(3);
    await page.goto(`http://${realm.api.host}/#settings/topics`);
    const policy = page.getByRole('combobox', { name: 'Visibility of #lounge › noisy' });
    await expect(policy.inputValue()).resolves.toBe('3');
    await policy.selectOption({ label: 'Muted' });
    await until(async () => ((await policy.inputValue()) === '1' ? true : undefined), 'the topic to show as muted');
    await shoot(page, 'topics');
    await page.getByRole('link', { name: /Back to messages/ }).click();
    await until(async () => ((await unread()) === before - 2 ? true : undefined), 'the muted topic to leave the count');
  }, 60_000);

  it('a custom profile field is filled in; an uploaded file is listed and deleted', async () => {
    const field = (await realm.ownerApi.post('realm/profile_fields', { name: 'Team', field_type: 1, hint: 'Where you work' })).body.id as number;
    await postMultipart(ann.api, 'user_uploads', [{ field: 'file', filename: 'plans.txt', contentType: 'text/plain', data: Buffer.from('plans\n') }]);
    const page = await logIn(annBrowser, ann, '#settings/profile');
    const team = page.getByRole('textbox', { name: 'Team' });
    await team.fill('Infrastructure');
    await team.blur();
    await until(async () => {
      const profile = (await ann.api.get(`users/${ann.userId}`, { include_custom_profile_fields: true })).body.user as { profile_data?: Record<string, { value: string }> };
      return profile.profile_data?.[field]?.value === 'Infrastructure' ? true : undefined;
    }, 'the profile value on the server');
    await page.reload();
    await expect(page.getByRole('textbox', { name: 'Team' }).inputValue()).resolves.toBe('Infrastructure');

    await page.goto(`http://${realm.api.host}/#settings/uploaded-files`);
    const files = page.getByRole('list', { name: 'Uploaded files' });
    await files.getByRole('link', { name: 'plans.txt' }).waitFor();
    await page.getByRole('button', { name: 'Delete plans.txt' }).click();
    await page.getByText('You have not uploaded any files.').waitFor();
  }, 60_000);

  it('the other sections open and keep a phone from scrolling sideways', async () => {
    const page = await logIn(annBrowser, ann, '#settings/notifications');
    for (const [name, heading] of [['notifications', 'Notifications'], ['your-bots', 'Bots'], ['uploaded-files', 'Uploaded files'], ['muted-users', 'Muted users'], ['topics', 'Topics']]) {
      await page.goto(`http://${realm.api.host}/#settings/${name}`);
      await page.getByRole('heading', { level: 2, name: heading }).waitFor();
      expect(await scrollsHorizontally(page)).toBe(false);
    }
    // A bot made here is listed with its key, and goes when deactivated.
    await page.goto(`http://${realm.api.host}/#settings/your-bots`);
    await page.getByRole('textbox', { name: 'Bot name' }).fill('Helper Bot');
    await page.getByRole('textbox', { name: /Bot email/ }).fill('helper');
    await page.getByRole('button', { name: 'Create bot' }).click();
    const bots = page.getByRole('list', { name: 'Your bots' });
    await bots.getByText('Helper Bot', { exact: true }).waitFor();
    await page.getByRole('button', { name: 'Show API key of Helper Bot' }).click();
    const key = await page.getByLabel('API key of Helper Bot').textContent();
    await page.getByRole('link', { name: 'Download zuliprc of Helper Bot' }).waitFor();
    await shoot(page, 'your-bots');
    const listed = (await ann.api.get('bots')).body.bots as { full_name: string; api_key: string }[];
    expect(listed.find((bot) => bot.full_name === 'Helper Bot')?.api_key).toBe(key);
    await page.getByRole('button', { name: 'Deactivate Helper Bot' }).click();
    await page.getByText('You have no bots yet.').waitFor();
  }, 90_000);

  it('a password change keeps this browser signed in; Log out ends the session', async () => {
    const page = await logIn(annBrowser, ann, '#settings/account-and-privacy');
    await page.getByLabel('Current password').fill(PASSWORD);
    await page.getByLabel('New password').fill('a-new-password-42');
    await page.getByRole('button', { name: 'Change password' }).click();
    await page.getByText(/Your password was changed/).waitFor();
    await page.reload();
    await page.getByRole('heading', { level: 2, name: 'Account & privacy' }).waitFor();
    await page.getByLabel('Current password').fill('a-new-password-42');
    await page.getByLabel('New password').fill(PASSWORD);
    await page.getByRole('button', { name: 'Change password' }).click();
    await page.getByText(/Your password was changed/).waitFor();
    await page.getByRole('link', { name: /Back to messages/ }).click();
    await page.getByRole('button', { name: 'Personal menu' }).click();
    await page.getByRole('button', { name: 'Log out' }).click();
    await page.waitForURL(/\/login\/$/);
    await page.goto(`http://${realm.api.host}/`);
    await page.waitForURL(/\/login\//);
  }, 60_000);
});
