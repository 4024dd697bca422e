import * as fs from 'node:fs';
import * as path from 'node:path';
import { Locator, Page } from 'playwright-core';
import { createTestRealm, groupIdsByName, subscribeTo, TestRealm, TestUser } from './support/api';
import { pngImage } from './support/multipart';
import { SCREENSHOT_DIR, TestBrowser } from './support/browser';
import { shootAdmin } from './support/web-admin-shots';
import { until } from './support/until';
import { SpecBrowsers } from './support/web-pages';

/**
 * The organization's own sections in the web app (issue 35): `organization-profile`,
 * `organization-settings`, `organization-permissions` and
 * `organization-level-user-defaults`. The owner changes things through the page and the API
 * reads them back; a second administrator's open page shows each change live; a member sees
 * every section with nothing to act on; defaults apply to the next person who joins only.
 */
const describeInBrowser = TestBrowser.available() ? describe : describe.skip;

type Json = Record<string, unknown>;

describeInBrowser('the organization settings sections in the web app', () => {
  let realm: TestRealm;
  let owner: TestUser;
  let admin: TestUser;
  let member: TestUser;
  let ownerBrowser: TestBrowser;
  let adminBrowser: TestBrowser;
  let memberBrowser: TestBrowser;
  let picture: string;
  const web = SpecBrowsers.forThisFile();

  beforeAll(async () => {
    realm = await createTestRealm('webrealm');
    owner = await realm.createUser('Olga Owner', 'owner');
    admin = await realm.createUser('Ada Admin', 'administrator');
    member = await realm.createUser('Mo Member');
    await subscribeTo(realm.ownerApi, 'lounge', {}, [owner.userId, admin.userId, member.userId]);
    picture = path.join(SCREENSHOT_DIR, 'org-realm-picture.png');
    fs.mkdirSync(SCREENSHOT_DIR, { recursive: true });
    fs.writeFileSync(picture, await pngImage(400, 120, '#2a7a4a'));
    [ownerBrowser, adminBrowser, memberBrowser] = await web.launch(3);
  }, 120_000);

  async function open(browser: TestBrowser, user: TestUser, section: string): Promise<Page> {
    const page = await web.logIn(browser, realm.api.host, user.email, `#organization/${section}`);
    await page.getByRole('heading', { level: 1, name: 'Organization settings' }).waitFor();
    return page;
  }

  const main = (page: Page): Locator => page.getByRole('main');

  async function realmState(): Promise<Json> {
    return (await owner.api.post('register', { fetch_event_types: ['realm', 'realm_domains', 'realm_user_settings_defaults'] })).body;
  }

  /**
   * Screenshots of the section at 1280 and 375 px (shootAdmin: failing if the phone layout
   * scrolls sideways), then, for review, each at the height of the whole section.
   */
  async function shoot(page: Page, name: string): Promise<void> {
    await shootAdmin(page, `org-realm-${name}`);
    const review = '/work/shots';
    if (!fs.existsSync(review)) return;
    const before = page.viewportSize();
    for (const width of [1280, 375]) {
      await page.setViewportSize({ width, height: 800 });
      const height = await main(page).evaluate((element) => element.scrollHeight + element.getBoundingClientRect().top + 16);
      await page.setViewportSize({ width, height: Math.ceil(height) });
      await page.screenshot({ path: path.join(review, `org-realm-${name}-${width}.png`) });
    }
    if (before !== null) await page.setViewportSize(before);
  }

  it('lists the sections in Zulip\'s order', async () => {
    const page = await open(ownerBrowser, owner, 'organization-profile');
    const links = await page.getByRole('navigation', { name: 'Organization sections' }).getByRole('link').allTextContents();
    expect(links.slice(0, 3)).toEqual(['Organization profile', 'Organization settings', 'Organization permissions']);
    expect(links).toContain('Default user settings');
  });

  it('organization-profile: the owner renames the organization and uploads its icon and logos; another administrator sees it live', async () => {
    const [ownerPage, adminPage, memberPage] = await Promise.all([
      open(ownerBrowser, owner, 'organization-profile'),
      open(adminBrowser, admin, 'organization-profile'),
      web.logIn(memberBrowser, realm.api.host, member.email),
    ]);
    const name = main(ownerPage).getByLabel('Organization name');
    await name.fill('Renamed Realm');
    await name.press('Enter');
    await until(async () => ((await main(adminPage).getByLabel('Organization name').inputValue()) === 'Renamed Realm' ? true : undefined), 'the new name on the other page');
    expect((await realmState()).realm_name).toBe('Renamed Realm');

    await main(ownerPage).getByLabel('Organization type').selectOption({ label: 'Open-source project' });
    await until(async () => ((await main(adminPage).getByLabel('Organization type').locator('option:checked').textContent()) === 'Open-source project' ? true : undefined), 'the type on the other page');
    expect((await realmState()).realm_org_type).toBe(20);

    await main(ownerPage).getByLabel('Advertise the organization in the Zulip communities directory').check();
    await until(async () => ((await main(adminPage).getByLabel('Advertise the organization in the Zulip communities directory').isChecked()) ? true : undefined), 'the directory choice on the other page');
    expect((await realmState()).realm_want_advertise_in_communities_directory).toBe(true);

    const icon = main(ownerPage).locator('.realm-image-icon');
    await icon.locator('input[type=file]').setInputFiles(picture);
    await main(adminPage).locator('.realm-image-icon img[src*="/realm/icon.png"]').waitFor();
    expect(await realmState()).toMatchObject({ realm_icon_source: 'U', realm_icon_url: expect.stringContaining('/realm/icon.png?version=') });
    // A member's open chat wears it too: beside the name atop the left sidebar, and as the page's icon.
    const brand = memberPage.getByRole('navigation', { name: 'Views and channels' }).locator('.realm-brand');
    await brand.locator('img.realm-icon[src*="/realm/icon.png"]').waitFor();
    expect(await brand.textContent()).toBe('Renamed Realm');
    await until(async () => ((await memberPage.locator('link[rel="icon"]').getAttribute('href'))?.includes('/realm/icon.png?version=') ? true : undefined), 'the icon as the page icon');

    await main(ownerPage).locator('.realm-image-logo input[type=file]').setInputFiles(picture);
    await main(ownerPage).locator('.realm-image-night_logo input[type=file]').setInputFiles(picture);
    await main(adminPage).locator('.realm-image-night_logo img[src*="/realm/night_logo.png"]').waitFor();
    await main(adminPage).locator('.realm-image-logo img[src*="/realm/logo.png"]').waitFor();
    expect(await realmState()).toMatchObject({ realm_logo_source: 'U', realm_night_logo_source: 'U' });
    // A logo takes the name's place; in the light theme the day logo shows, the night one waits.
    await brand.locator('img.realm-logo[src*="/realm/logo.png"]').waitFor({ state: 'visible' });
    await brand.locator('img.realm-logo[src*="/realm/night_logo.png"]').waitFor({ state: 'hidden' });
    expect(await brand.getByText('Renamed Realm').count()).toBe(0);
    await shoot(ownerPage, 'profile');

    await main(ownerPage).getByRole('button', { name: 'Delete icon' }).click();
    await main(adminPage).locator('.realm-image-icon img[src*="gravatar"]').waitFor();
    await main(ownerPage).locator('.realm-image-night_logo').getByRole('button', { name: 'Delete logo' }).click();
    await main(adminPage).locator('.realm-image-night_logo').getByText('Default').waitFor();
    expect(await realmState()).toMatchObject({ realm_icon_source: 'G', realm_logo_source: 'U', realm_night_logo_source: 'D' });
    // The identicon is not loaded into the app: the page icon is the app's own again; one logo serves both themes.
    await until(async () => ((await memberPage.locator('link[rel="icon"]').getAttribute('href'))?.includes('/realm/icon.png') ? undefined : true), 'the app icon back');
    await until(async () => ((await brand.locator('img').count()) === 1 ? true : undefined), 'one logo left');
    expect(await brand.locator('img').getAttribute('src')).toContain('/realm/logo.png');
  });

  it('organization-settings: language, announcements, retention, calls and other settings, read back and live', async () => {
    const [ownerPage, adminPage] = await Promise.all([open(ownerBrowser, owner, 'organization-settings'), open(adminBrowser, admin, 'organization-settings')]);
    const lounge = (await owner.api.get('get_stream_id', { stream: 'lounge' })).body.stream_id as number;
    await main(ownerPage).getByLabel('Language for automated messages and invitation emails').selectOption({ label: 'Deutsch' });
    await main(ownerPage).getByLabel('New channel announcements').selectOption({ label: '#lounge' });
    await main(ownerPage).getByLabel('Call provider').selectOption({ label: 'None' });
    await main(ownerPage).getByLabel('Require topics in channel messages').check();
    await main(ownerPage).getByLabel('Day of the week to send digests').selectOption({ label: 'Friday' });
    await main(ownerPage).getByLabel('Message retention period', { exact: true }).selectOption({ label: 'Custom' });
    const days = main(ownerPage).getByLabel('Message retention period (days)');
    await days.fill('45');
    await days.press('Enter');

    await until(async () => ((await main(adminPage).getByLabel('Message retention period (days)').inputValue().catch(() => '')) === '45' ? true : undefined), 'the retention period on the other page');
    await until(async () => ((await main(adminPage).getByLabel('Require topics in channel messages').isChecked()) ? true : undefined), 'mandatory topics on the other page');
    expect(await main(adminPage).getByLabel('Language for automated messages and invitation emails').inputValue()).not.toBe('');
    expect(await main(adminPage).getByLabel('Language for automated messages and invitation emails').locator('option:checked').textContent()).toBe('Deutsch');
    expect(await main(adminPage).getByLabel('New channel announcements').locator('option:checked').textContent()).toBe('#lounge');
    // Retention is the owners': an administrator sees it and cannot change it.
    await expect(main(adminPage).getByLabel('Message retention period', { exact: true }).isDisabled()).resolves.toBe(true);
    expect(await realmState()).toMatchObject({
      realm_default_language: 'de',
      realm_new_stream_announcements_stream_id: lounge,
      realm_video_chat_provider: 0,
      realm_mandatory_topics: true,
      realm_digest_weekday: 4,
      realm_message_retention_days: 45,
    });

    // The server's words beside the field it refuses.
    await days.fill('0');
    await days.press('Enter');
    await main(ownerPage).getByRole('alert').filter({ hasText: "Bad value for 'message_retention_days'" }).waitFor();
    await shoot(ownerPage, 'settings');
    await main(ownerPage).getByLabel('Message retention period', { exact: true }).selectOption({ label: 'Retain forever' });
    await until(async () => ((await realmState()).realm_message_retention_days === -1 ? true : undefined), 'retention back to forever');
  });

  it('organization-permissions: group permissions, time limits, invitations and email domains, read back and live', async () => {
    const [ownerPage, adminPage] = await Promise.all([open(ownerBrowser, owner, 'organization-permissions'), open(adminBrowser, admin, 'organization-permissions')]);
    await main(ownerPage).getByLabel('Time limit for editing messages', { exact: true }).selectOption({ label: '1 hour' });
    await main(ownerPage).getByLabel('Time limit for moving messages between topics', { exact: true }).selectOption({ label: 'Custom' });
    const move = main(ownerPage).getByLabel('Time limit for moving messages between topics (minutes)');
    await move.fill('90');
    await move.press('Enter');
    await main(ownerPage).getByLabel('Time limit for deleting messages', { exact: true }).selectOption({ label: '10 minutes' });
    await main(ownerPage).getByLabel('Invitations are required for joining the organization').uncheck();
    await main(ownerPage).getByLabel('Prevent users from changing their name').check();

    await until(async () => ((await main(adminPage).getByLabel('Time limit for moving messages between topics (minutes)').inputValue().catch(() => '')) === '90' ? true : undefined), 'the moving limit on the other page');
    await until(async () => ((await main(adminPage).getByLabel('Prevent users from changing their name').isChecked()) ? true : undefined), 'name changes on the other page');
    expect(await main(adminPage).getByLabel('Time limit for editing messages', { exact: true }).locator('option:checked').textContent()).toBe('1 hour');
    // Invitations are the owners' to decide.
    await expect(main(adminPage).getByLabel('Invitations are required for joining the organization').isDisabled()).resolves.toBe(true);
    expect(await main(adminPage).getByLabel('Invitations are required for joining the organization').isChecked()).toBe(false);
    expect(await realmState()).toMatchObject({
      realm_message_content_edit_limit_seconds: 3600,
      realm_move_messages_within_stream_limit_seconds: 5400,
      realm_message_content_delete_limit_seconds: 600,
      realm_invite_required: false,
      realm_name_changes_disabled: true,
    });

    // Group-based permissions through the picker: a role added to an owners' setting, a person in place of a role.
    const groups = await groupIdsByName(owner.api);
    const createGroups = main(ownerPage).getByRole('combobox', { name: 'Add to “Who can create user groups”' });
    await createGroups.fill('Moderators');
    await createGroups.press('Enter');
    const emoji = main(ownerPage).getByRole('list', { name: 'Who can add custom emoji' });
    await emoji.getByRole('button', { name: 'Remove Everyone except guests' }).click();
    const addEmoji = main(ownerPage).getByRole('combobox', { name: 'Add to “Who can add custom emoji”' });
    await addEmoji.fill('Mo Member');
    await addEmoji.press('Enter');
    await main(adminPage).getByRole('list', { name: 'Who can add custom emoji' }).getByText('Mo Member').waitFor();
    await main(adminPage).getByRole('list', { name: 'Who can create user groups' }).getByText('Moderators').waitFor();
    // Who creates groups is the owners' to decide: the other administrator sees the pills and no field.
    expect(await main(adminPage).getByRole('combobox', { name: 'Add to “Who can create user groups”' }).count()).toBe(0);
    expect(await main(adminPage).getByRole('combobox', { name: 'Add to “Who can add custom emoji”' }).count()).toBe(1);
    const permissions = await realmState();
    expect(permissions.realm_can_add_custom_emoji_group).toEqual({ direct_members: [member.userId], direct_subgroups: [] });
    expect(permissions.realm_can_create_groups).toEqual({ direct_members: [], direct_subgroups: expect.arrayContaining([groups['role:members'], groups['role:moderators']]) });

    // Email domains: restrict sign-ups, add a domain with its subdomains, change it, remove another.
    await main(ownerPage).getByLabel('Restrict email domains of new users').selectOption({ label: 'Restrict to a list of domains' });
    await main(ownerPage).getByLabel('New domain').fill('Example.ORG');
    await main(ownerPage).getByRole('button', { name: 'Add domain' }).click();
    await main(ownerPage).locator('.domain-row', { hasText: 'example.org' }).waitFor();
    await main(ownerPage).getByLabel('New domain').fill('corp.test');
    await main(ownerPage).locator('.domain-add').getByLabel('Allow subdomains').check();
    await main(ownerPage).getByRole('button', { name: 'Add domain' }).click();
    await main(adminPage).locator('.domain-row', { hasText: 'corp.test' }).waitFor();
    await main(ownerPage).locator('.domain-row', { hasText: 'example.org' }).getByLabel('Allow subdomains').check();
    await until(async () => ((await main(adminPage).locator('.domain-row', { hasText: 'example.org' }).getByLabel('Allow subdomains').isChecked()) ? true : undefined), 'the changed domain on the other page');
    await main(ownerPage).getByRole('button', { name: 'Remove corp.test' }).click();
    await main(adminPage).locator('.domain-row', { hasText: 'corp.test' }).waitFor({ state: 'detached' });
    expect((await owner.api.get('realm/domains')).body.domains).toEqual([{ domain: 'example.org', allow_subdomains: true }]);
    expect((await realmState()).realm_emails_restricted_to_domains).toBe(true);
    // The server's words by the field: a domain that is not one.
    await main(ownerPage).getByLabel('New domain').fill('not a domain');
    await main(ownerPage).getByRole('button', { name: 'Add domain' }).click();
    await main(ownerPage).locator('.domain-add').getByRole('alert').waitFor();
    await shoot(ownerPage, 'permissions');
  });

  it('organization-level-user-defaults: defaults apply to the next person who joins, not to existing ones', async () => {
    const [ownerPage, adminPage] = await Promise.all([open(ownerBrowser, owner, 'organization-level-user-defaults'), open(adminBrowser, admin, 'organization-level-user-defaults')]);
    await main(ownerPage).getByText('Existing users are not changed').waitFor();
    await main(ownerPage).getByLabel('Theme').selectOption({ label: 'Dark' });
    await main(ownerPage).getByLabel('Time format').selectOption({ label: '24-hour clock (17:00)' });
    await main(ownerPage).getByLabel('Enter sends a message (Shift+Enter adds a line)').check();
    await until(async () => ((await main(adminPage).getByLabel('Enter sends a message (Shift+Enter adds a line)').isChecked()) ? true : undefined), 'the Enter default on the other page');
    expect(await main(adminPage).getByLabel('Theme').locator('option:checked').textContent()).toBe('Dark');
    expect((await realmState()).realm_user_settings_defaults).toMatchObject({ color_scheme: 2, twenty_four_hour_time: true, enter_sends: true });
    await shoot(ownerPage, 'user-defaults');

    const joined = await realm.createUser('Nina Newcomer');
    const settingsOf = async (user: TestUser) => (await user.api.post('register', { fetch_event_types: ['user_settings'] })).body.user_settings as Json;
    expect(await settingsOf(joined)).toMatchObject({ color_scheme: 2, twenty_four_hour_time: true, enter_sends: true });
    expect(await settingsOf(member)).toMatchObject({ color_scheme: 1, twenty_four_hour_time: false, enter_sends: false });
  });

  it('a member sees every section with nothing to act on', async () => {
    const page = await open(memberBrowser, member, 'organization-profile');
    for (const section of ['organization-profile', 'organization-settings', 'organization-permissions', 'organization-level-user-defaults']) {
      await page.goto(`http://${realm.api.host}/#organization/${section}`);
      await main(page).getByRole('note').filter({ hasText: 'Only organization administrators can change these settings.' }).waitFor();
      await main(page).locator('fieldset').first().waitFor();
      const actionable = main(page).locator('input:not([disabled]):not([readonly]), select:not([disabled]), textarea:not([readonly]), button:not([disabled]), label.button-quiet');
      expect({ section, actionable: await actionable.count() }).toEqual({ section, actionable: 0 });
      expect(await main(page).locator('fieldset').count()).toBeGreaterThan(0);
    }
    await page.goto(`http://${realm.api.host}/#organization/organization-permissions`);
    await main(page).getByText('example.org').waitFor();
    await shoot(page, 'permissions-member');
  });
});
