import * as fs from 'node:fs';
import { Page } from 'playwright-core';
import { createTestRealm, ok, subscribeTo, TestRealm, TestUser } from './support/api';
import { TestBrowser } from './support/browser';
import { shootPeoplePage } from './support/org-people-shots';
import { until } from './support/until';
import { SpecBrowsers } from './support/web-pages';

/**
 * The organization's people pages in the web app (issue 35): `#organization/users/...`
 * (active and deactivated people), `bot-list-admin` and `data-exports-admin`. An owner
 * changes each through the page and the API reads it back; a second administrator's open
 * page shows it live; a member sees no action. Invitations: web-admin-people-invites.spec.ts.
 */
const describeInBrowser = TestBrowser.available() ? describe : describe.skip;

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

describeInBrowser('the organization’s people pages', () => {
  let realm: TestRealm;
  let owner: TestUser;
  let admin: TestUser;
  let bob: TestUser;
  let carl: TestUser;
  let mia: TestUser;
  let ownerBrowser: TestBrowser;
  let adminBrowser: TestBrowser;
  let memberBrowser: TestBrowser;
  const web = SpecBrowsers.forThisFile();

  beforeAll(async () => {
    realm = await createTestRealm('orgpeople');
    owner = await realm.createUser('Otto Owner', 'owner');
    admin = await realm.createUser('Ada Admin', 'administrator');
    bob = await realm.createUser('Bob Person');
    carl = await realm.createUser('Carl Person');
    mia = await realm.createUser('Mia Member');
    await subscribeTo(realm.ownerApi, 'people-lounge', {}, [owner.userId, admin.userId, bob.userId, carl.userId, mia.userId]);
    [ownerBrowser, adminBrowser, memberBrowser] = await web.launch(3);
    groups = (await ok(realm.ownerApi.get('user_groups'))).user_groups as Json[];
  }, 120_000);

  let groups: Json[] = [];
  function groupId(name: string): number {
    const group = groups.find((entry) => entry.name === name);
    if (group === undefined) throw new Error(`no group ${name}`);
    return group.id as number;
  }

  const logIn = (browser: TestBrowser, user: TestUser, hash: string): Promise<Page> => web.logIn(browser, realm.api.host, user.email, hash);

  const main = (page: Page) => page.getByRole('main');
  const tabs = (page: Page) => page.getByRole('navigation', { name: 'Users tabs' });
  const list = (page: Page, name: string) => main(page).getByRole('list', { name, exact: true });
  const userOf = async (id: number): Promise<Json> => (await ok(realm.ownerApi.get(`users/${id}`, { include_custom_profile_fields: true }))).user as Json;

  it('users: an owner filters, renames, changes a role and a profile value; a second administrator sees it live', async () => {
    const desk = (await ok(realm.ownerApi.post('realm/profile_fields', { name: 'Desk', field_type: 1 }))).id as number;
    const ownerPage = await logIn(ownerBrowser, owner, '#organization/users/active');
    const adminPage = await logIn(adminBrowser, admin, '#organization/users');
    await main(ownerPage).getByRole('heading', { level: 2, name: 'Users' }).waitFor();
    await expect(tabs(ownerPage).getByRole('link', { name: 'Users' }).getAttribute('aria-current')).resolves.toBe('page');
    const people = list(ownerPage, 'Users');
    await people.getByText('Bob Person').waitFor();
    await shootPeoplePage(ownerPage, 'users-active');

    // The filter matches names and addresses.
    await main(ownerPage).getByRole('searchbox', { name: 'Filter users' }).fill('bob p');
    await until(async () => ((await people.getByRole('listitem').count()) === 1 ? true : undefined), 'only Bob listed');
    await main(ownerPage).getByRole('searchbox', { name: 'Filter users' }).fill(carl.email.slice(0, 12));
    await people.getByText('Carl Person').waitFor();
    await expect(people.getByText('Bob Person').count()).resolves.toBe(0);
    await main(ownerPage).getByRole('searchbox', { name: 'Filter users' }).fill('');

    await ownerPage.getByRole('button', { name: 'Edit Bob Person' }).click();
    const dialog = ownerPage.getByRole('dialog', { name: 'Manage Bob Person' });
    // A name the server refuses: its words in the dialog, nothing changed.
    await dialog.getByLabel('Name').fill('Bob @ Work');
    await dialog.getByRole('button', { name: 'Save changes' }).click();
    await expect(dialog.getByRole('alert').textContent()).resolves.toBe('Invalid characters in name!');
    expect((await userOf(bob.userId)).full_name).toBe('Bob Person');
    await dialog.getByLabel('Name').fill('Bob Renamed');
    await dialog.getByLabel('Role').selectOption({ label: 'Moderator' });
    await dialog.getByLabel('Desk').fill('B-12');
    await shootPeoplePage(ownerPage, 'users-edit');
    await dialog.getByRole('button', { name: 'Save changes' }).click();
    await dialog.waitFor({ state: 'detached' });
    await people.getByText('Bob Renamed').waitFor();
    const read = await userOf(bob.userId);
    expect(read).toEqual(expect.objectContaining({ full_name: 'Bob Renamed', role: 300 }));
    expect(read.profile_data[desk]).toEqual(expect.objectContaining({ value: 'B-12' }));
    await list(adminPage, 'Users').getByText('Bob Renamed').waitFor();
    await until(async () => ((await adminPage.getByLabel('Role of Bob Renamed').textContent()) === 'Moderator' ? true : undefined), 'the role live');

    // An administrator who is not an owner cannot give the owner role or change an owner's.
    await adminPage.getByRole('button', { name: 'Edit Otto Owner' }).click();
    const ownerDialog = adminPage.getByRole('dialog', { name: 'Manage Otto Owner' });
    await expect(ownerDialog.getByLabel('Role').isDisabled()).resolves.toBe(true);
    await ownerDialog.getByRole('button', { name: 'Cancel' }).click();
    await expect(adminPage.getByRole('button', { name: 'Deactivate Otto Owner' }).count()).resolves.toBe(0);
    await adminPage.getByRole('button', { name: 'Edit Carl Person' }).click();
    const roles = await adminPage.getByRole('dialog', { name: 'Manage Carl Person' }).getByLabel('Role').locator('option').allTextContents();
    expect(roles).toEqual(['Administrator', 'Moderator', 'Member', 'Guest']);
    await adminPage.getByRole('dialog', { name: 'Manage Carl Person' }).getByRole('button', { name: 'Cancel' }).click();
  }, 120_000);

  it('users: an owner deactivates (with an email note) and reactivates; the deactivated tab follows live', async () => {
    const ownerPage = await logIn(ownerBrowser, owner, '#organization/users/active');
    const adminPage = await logIn(adminBrowser, admin, '#organization/users/deactivated');
    await main(adminPage).getByRole('heading', { level: 2, name: 'Users' }).waitFor();
    await ownerPage.getByRole('button', { name: 'Deactivate Carl Person' }).click();
    const confirm = ownerPage.getByRole('dialog', { name: 'Deactivate Carl Person?' });
    await confirm.getByLabel('Notify this user by email').check();
    await confirm.getByLabel(/A comment for the email/).fill('Thanks for everything.');
    await shootPeoplePage(ownerPage, 'users-deactivate');
    await confirm.getByRole('button', { name: 'Deactivate' }).click();
    await confirm.waitFor({ state: 'detached' });
    await until(async () => ((await list(ownerPage, 'Users').getByText('Carl Person').count()) === 0 ? true : undefined), 'Carl gone from the active list');
    expect((await userOf(carl.userId)).is_active).toBe(false);
    await list(adminPage, 'Deactivated users').getByText('Carl Person').waitFor();
    await shootPeoplePage(adminPage, 'users-deactivated');

    await tabs(ownerPage).getByRole('link', { name: 'Deactivated' }).click();
    await ownerPage.getByRole('button', { name: 'Reactivate Carl Person' }).click();
    await until(async () => ((await userOf(carl.userId)).is_active === true ? true : undefined), 'Carl active again');
    await adminPage.getByText('No one is deactivated.').waitFor();
    await tabs(ownerPage).getByRole('link', { name: 'Users' }).click();
    await list(ownerPage, 'Users').getByText('Carl Person').waitFor();
  }, 120_000);

  it('bots: an owner sees every bot with its owner, regenerates a key, renames, hands over, sets up an outgoing webhook, deactivates and reactivates', async () => {
    const made = await ok(mia.api.post('bots', { full_name: 'Mia Helper', short_name: 'miahelper' }));
    const botId = made.user_id as number;
    const botEmail = (await userOf(botId)).email as string;
    const ownerPage = await logIn(ownerBrowser, owner, '#organization/bot-list-admin');
    const adminPage = await logIn(adminBrowser, admin, '#organization/bot-list-admin');
    const bots = list(ownerPage, 'Bots');
    const row = bots.getByRole('listitem').filter({ hasText: 'Mia Helper' });
    await row.getByText('Owner: Mia Member').waitFor();

    // The shown key is the bot's; a regenerated one replaces it, and the old one stops working.
    await row.getByRole('button', { name: /Show API key/ }).click();
    const oldKey = (await ownerPage.getByLabel('API key of Mia Helper', { exact: true }).textContent()) ?? '';
    const botApi = (key: string) => realm.api.as({ email: botEmail, apiKey: key });
    expect((await botApi(oldKey).get('users/me')).status).toBe(200);
    await ownerPage.getByRole('button', { name: 'Regenerate API key of Mia Helper' }).click();
    await until(async () => ((await ownerPage.getByLabel('API key of Mia Helper', { exact: true }).textContent()) !== oldKey ? true : undefined), 'a new key shown');
    const newKey = (await ownerPage.getByLabel('API key of Mia Helper', { exact: true }).textContent()) ?? '';
    expect((await botApi(newKey).get('users/me')).status).toBe(200);
    expect((await botApi(oldKey).get('users/me')).status).toBe(401);

    await ownerPage.getByRole('button', { name: 'Edit Mia Helper' }).click();
    const dialog = ownerPage.getByRole('dialog', { name: 'Manage Mia Helper' });
    await dialog.getByLabel('Bot name').fill('Mia Helper Renamed');
    await dialog.getByLabel('Owner').selectOption({ label: 'Ada Admin' });
    await dialog.getByRole('button', { name: 'Save changes' }).click();
    await dialog.waitFor({ state: 'detached' });
    const renamed = bots.getByRole('listitem').filter({ hasText: 'Mia Helper Renamed' });
    await renamed.getByText('Owner: Ada Admin').waitFor();
    expect(await userOf(botId)).toEqual(expect.objectContaining({ full_name: 'Mia Helper Renamed', bot_owner_id: admin.userId }));
    await list(adminPage, 'Bots').getByText('Mia Helper Renamed', { exact: true }).waitFor();

    // An outgoing webhook bot made here, its endpoint changed; a taken address gets the server's words.
    const form = ownerPage.getByRole('form', { name: 'Create an outgoing webhook bot' });
    await form.getByLabel('Bot name').fill('Hook Bot');
    await form.getByLabel(/Bot email/).fill('miahelper');
    await form.getByLabel('Endpoint URL').fill('https://hooks.example.com/zulip');
    await form.getByRole('button', { name: 'Create bot' }).click();
    await form.getByRole('alert').waitFor();
    expect(await form.getByRole('alert').textContent()).toMatch(/already in use/i);
    await form.getByLabel(/Bot email/).fill('hookbot');
    await form.getByLabel('Outgoing webhook message format').selectOption({ label: 'Slack format' });
    await form.getByRole('button', { name: 'Create bot' }).click();
    const hook = bots.getByRole('listitem').filter({ hasText: 'Hook Bot' });
    await hook.getByText('Sends to https://hooks.example.com/zulip (Slack format)').waitFor();
    await shootPeoplePage(ownerPage, 'bots');
    await ownerPage.getByRole('button', { name: 'Edit Hook Bot' }).click();
    const hookDialog = ownerPage.getByRole('dialog', { name: 'Manage Hook Bot' });
    await hookDialog.getByLabel('Endpoint URL').fill('https://hooks.example.com/v2');
    await hookDialog.getByLabel('Outgoing webhook message format').selectOption({ label: 'Zulip format' });
    await shootPeoplePage(ownerPage, 'bots-edit');
    await hookDialog.getByRole('button', { name: 'Save changes' }).click();
    await hook.getByText('Sends to https://hooks.example.com/v2 (Zulip format)').waitFor();
    const registered = await ok(owner.api.post('register', { fetch_event_types: ['realm_bot'], event_types: ['realm_bot'] }));
    const hookBot = (registered.realm_bots as Json[]).find((bot) => bot.full_name === 'Hook Bot') as Json;
    expect(hookBot.services).toEqual([expect.objectContaining({ base_url: 'https://hooks.example.com/v2', interface: 1 })]);
    await list(adminPage, 'Bots').getByText('Sends to https://hooks.example.com/v2 (Zulip format)').waitFor();

    await ownerPage.getByRole('button', { name: 'Deactivate Mia Helper Renamed' }).click();
    await renamed.getByText('(deactivated)').waitFor();
    expect((await userOf(botId)).is_active).toBe(false);
    await ownerPage.getByRole('button', { name: 'Reactivate Mia Helper Renamed' }).click();
    await ownerPage.getByRole('button', { name: 'Deactivate Mia Helper Renamed' }).waitFor();
    expect((await userOf(botId)).is_active).toBe(true);
  }, 120_000);

  it('data exports: an owner starts a public export, downloads and deletes it; the consent summary follows consents live', async () => {
    const ownerPage = await logIn(ownerBrowser, owner, '#organization/data-exports-admin');
    const adminPage = await logIn(adminBrowser, admin, '#organization/data-exports-admin');
    await main(ownerPage).getByText('No exports yet.').waitFor();
    await ownerPage.getByLabel('Export type').selectOption({ label: 'Full, with members’ consent' });
    const summary = ownerPage.getByText(/people allow their private data/);
    await summary.waitFor();
    const consentedBefore = Number(/^(\d+) of/.exec((await summary.textContent()) ?? '')?.[1]);
    await ok(mia.api.patch('settings', { allow_private_data_export: true }));
    await until(async () => (Number(/^(\d+) of/.exec((await summary.textContent()) ?? '')?.[1]) === consentedBefore + 1 ? true : undefined), 'the consent counted live');

    await ownerPage.getByLabel('Export type').selectOption({ label: 'Public data' });
    await ownerPage.getByRole('button', { name: 'Start export' }).click();
    const exportsList = list(ownerPage, 'Exports');
    const download = exportsList.getByRole('link', { name: /^Download/ });
    await download.waitFor({ timeout: 60_000 });
    const listed = (await ok(realm.ownerApi.get('export/realm'))).exports as Json[];
    expect(listed).toEqual([expect.objectContaining({ export_type: 1, acting_user_id: owner.userId, pending: false, deleted_timestamp: null })]);
    await list(adminPage, 'Exports').getByRole('link', { name: /^Download/ }).waitFor();
    await shootPeoplePage(ownerPage, 'data-exports');
    const [file] = await Promise.all([ownerPage.waitForEvent('download'), download.click()]);
    const saved = await file.path();
    expect(fs.readFileSync(saved).subarray(0, 2)).toEqual(Buffer.from([0x1f, 0x8b]));

    await exportsList.getByRole('button', { name: /^Delete/ }).click();
    await exportsList.getByText('Deleted').waitFor();
    const after = (await ok(realm.ownerApi.get('export/realm'))).exports as Json[];
    expect(after[0].deleted_timestamp).not.toBeNull();
    await list(adminPage, 'Exports').getByText('Deleted').waitFor();
  }, 120_000);

  it('a member sees each people page without any action, and the invite button once the realm lets members invite', async () => {
    await ok(realm.ownerApi.patch('realm', { can_invite_users_group: JSON.stringify({ new: groupId('role:administrators') }) }));
    const page = await logIn(memberBrowser, mia, '#organization/users/active');
    await list(page, 'Users').getByText('Carl Person').waitFor();
    await main(page).getByRole('note').waitFor();
    await expect(main(page).getByRole('button').count()).resolves.toBe(0);
    await shootPeoplePage(page, 'member-users');
    for (const hash of ['#organization/users/deactivated', '#organization/users/invitations', '#organization/bot-list-admin', '#organization/data-exports-admin']) {
      await page.goto(`http://${realm.api.host}/${hash}`);
      await main(page).getByRole('note').waitFor();
      await expect(main(page).getByRole('button').count()).resolves.toBe(0);
    }
    await expect(main(page).getByRole('form').count()).resolves.toBe(0);
    await page.goto(`http://${realm.api.host}/#feed`);
    await page.getByRole('button', { name: 'Personal menu' }).click();
    await expect(page.getByRole('button', { name: 'Invite users' }).count()).resolves.toBe(0);
    await page.getByRole('button', { name: 'Personal menu' }).click();

    // The owner lets members invite: the member's open page offers the dialog at once.
    await page.goto(`http://${realm.api.host}/#organization/users/invitations`);
    await page.getByText('You are not allowed to invite people to this organization.').waitFor();
    await ok(realm.ownerApi.patch('realm', { can_invite_users_group: JSON.stringify({ new: groupId('role:members') }) }));
    await main(page).getByRole('button', { name: 'Invite users' }).waitFor();
    await page.goto(`http://${realm.api.host}/#feed`);
    await page.getByRole('button', { name: 'Personal menu' }).click();
    await page.getByRole('button', { name: 'Invite users' }).click();
    const dialog = page.getByRole('dialog', { name: 'Invite users to organization' });
    const roles = await dialog.getByLabel('Users join as').locator('option').allTextContents();
    expect(roles).toEqual(['Guest', 'Member']);
    await dialog.getByRole('button', { name: 'Close' }).click();
  }, 120_000);
});
