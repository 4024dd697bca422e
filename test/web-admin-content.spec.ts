import { Page } from 'playwright-core';
import type { WireProfileField } from '../web/api/types';
import { Api, createTestRealm, sendMessage, subscribeTo, TestRealm, TestUser } from './support/api';
import { TestBrowser } from './support/browser';
import { until } from './support/until';
import { shootAdmin } from './support/web-admin-shots';
import { SpecBrowsers } from './support/web-pages';

/**
 * Custom profile fields in the web app (issue 35): `#organization/profile-field-settings`
 * creates, edits, reorders and deletes fields of every type, each change read back through
 * the API and shown live on a second administrator's open page; a member sees the list and
 * no action; a member fills each field in on `#settings/profile`, and a third person sees
 * them on the member's profile card.
 */
const describeInBrowser = TestBrowser.available() ? describe : describe.skip;

type FieldWire = WireProfileField;

async function fieldsOf(api: Api): Promise<FieldWire[]> {
  const answer = await api.get('realm/profile_fields');
  expect(answer.status).toBe(200);
  return answer.body.custom_fields as FieldWire[];
}

describeInBrowser('custom profile fields and the profile card in the web app', () => {
  let realm: TestRealm;
  let owner: TestUser;
  let admin: TestUser;
  let bob: TestUser;
  let carl: TestUser;
  const browsers: TestBrowser[] = [];
  const web = SpecBrowsers.forThisFile();

  beforeAll(async () => {
    realm = await createTestRealm('webfields');
    owner = await realm.createUser('Owen Owner', 'owner');
    admin = await realm.createUser('Ada Admin', 'administrator');
    bob = await realm.createUser('Bob Member');
    carl = await realm.createUser('Carl Viewer');
    await subscribeTo(realm.ownerApi, 'lounge', {}, [bob.userId, carl.userId]);
    browsers.push(...(await web.launch(3)));
  }, 120_000);

  const logIn = (index: number, user: TestUser, hash: string): Promise<Page> => web.logIn(browsers[index] as TestBrowser, realm.api.host, user.email, hash);

  const fieldList = (page: Page) => page.getByRole('list', { name: 'Custom profile fields' });
  const row = (page: Page, name: string) => fieldList(page).getByRole('listitem').filter({ has: page.getByText(name, { exact: true }) });

  /** Opens the add form, picks the type, lets `fill` complete it, and adds it. */
  async function addField(page: Page, type: string, fill: (dialog: ReturnType<Page['getByRole']>) => Promise<void>): Promise<void> {
    await page.getByRole('button', { name: 'Add a new profile field' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add a new custom profile field' });
    await dialog.getByLabel('Type').selectOption({ label: type });
    await fill(dialog);
    await dialog.getByRole('button', { name: 'Add', exact: true }).click();
    await dialog.waitFor({ state: 'detached' });
  }

  it('the owner adds a field of every type; the API reads them back and a second administrator sees each at once', async () => {
    const ownerPage = await logIn(0, owner, '#organization/profile-field-settings');
    const adminPage = await logIn(1, admin, '#organization/profile-field-settings');
    await ownerPage.getByRole('heading', { level: 2, name: 'Custom profile fields' }).waitFor();
    await adminPage.getByText('No custom profile fields configured.').waitFor();

    await addField(ownerPage, 'Text (short)', async (dialog) => {
      await dialog.getByLabel('Label').fill('Desk');
      await dialog.getByLabel(/^Hint/).fill('Where to find you');
      await dialog.getByLabel('Display in profile summary').check();
    });
    await row(adminPage, 'Desk').waitFor();
    const labelled = (label: string) => async (dialog: ReturnType<Page['getByRole']>) => {
      await dialog.getByLabel('Label').fill(label);
    };
    await addField(ownerPage, 'Text (long)', labelled('About me'));
    await addField(ownerPage, 'List of options', async (dialog) => {
      await dialog.getByLabel('Label').fill('Team');
      await dialog.getByLabel('Option 1', { exact: true }).fill('Infra');
      await dialog.getByRole('button', { name: 'Add option' }).click();
      await dialog.getByLabel('Option 2', { exact: true }).fill('Web');
      await dialog.getByRole('button', { name: 'Add option' }).click();
      await dialog.getByLabel('Option 3', { exact: true }).fill('Mobile');
      // The options editor reorders from the keyboard too: Mobile before Web.
      await dialog.getByRole('button', { name: 'Move Mobile' }).press('ArrowUp');
      await dialog.getByLabel('Required field').check();
      await shootAdmin(ownerPage, 'org-content-profile-field-dialog');
    });
    await addField(ownerPage, 'Date', labelled('Birthday'));
    await addField(ownerPage, 'Link', labelled('Homepage'));
    await addField(ownerPage, 'Users', labelled('Mentor'));
    await addField(ownerPage, 'External account', async (dialog) => {
      await dialog.getByLabel('External account type').selectOption({ label: 'GitHub' });
    });
    await addField(ownerPage, 'External account', async (dialog) => {
      await dialog.getByLabel('External account type').selectOption({ label: 'Custom' });
      await dialog.getByLabel('Label').fill('Wiki page');
      await dialog.getByLabel('URL pattern').fill('https://wiki.example.com/people/%(username)s');
    });
    await addField(ownerPage, 'Pronouns', labelled('Pronouns'));

    // A pattern without %(username)s: the server's words in the form, which stays open.
    await ownerPage.getByRole('button', { name: 'Add a new profile field' }).click();
    const dialog = ownerPage.getByRole('dialog', { name: 'Add a new custom profile field' });
    await dialog.getByLabel('Type').selectOption({ label: 'External account' });
    await dialog.getByLabel('External account type').selectOption({ label: 'Custom' });
    await dialog.getByLabel('Label').fill('Broken');
    await dialog.getByLabel('URL pattern').fill('https://example.com/people');
    await dialog.getByRole('button', { name: 'Add', exact: true }).click();
    await expect(dialog.getByRole('alert').textContent()).resolves.toBe("URL pattern must contain '%(username)s'.");
    await dialog.getByRole('button', { name: 'Cancel' }).click();

    const fields = await fieldsOf(realm.ownerApi);
    expect(fields.map((field) => [field.name, field.type])).toEqual([
      ['Desk', 1], ['About me', 2], ['Team', 3], ['Birthday', 4], ['Homepage', 5], ['Mentor', 6], ['GitHub username', 7], ['Wiki page', 7], ['Pronouns', 8],
    ]);
    const byName = (name: string) => fields.find((field) => field.name === name) as FieldWire;
    expect(byName('Desk')).toMatchObject({ hint: 'Where to find you', display_in_profile_summary: true, required: false });
    expect(byName('Team').required).toBe(true);
    expect(JSON.parse(byName('Team').field_data)).toEqual({ 0: { text: 'Infra', order: '0' }, 1: { text: 'Mobile', order: '1' }, 2: { text: 'Web', order: '2' } });
    expect(JSON.parse(byName('GitHub username').field_data)).toEqual({ subtype: 'github' });
    expect(JSON.parse(byName('Wiki page').field_data)).toEqual({ subtype: 'custom', url_pattern: 'https://wiki.example.com/people/%(username)s' });
    await row(adminPage, 'Pronouns').waitFor();
    await shootAdmin(ownerPage, 'org-content-profile-fields');
  }, 180_000);

  it('edits a field, reorders by dragging and from the keyboard, and deletes one, each seen live by the second administrator', async () => {
    const ownerPage = await logIn(0, owner, '#organization/profile-field-settings');
    const adminPage = await logIn(1, admin, '#organization/profile-field-settings');
    await row(ownerPage, 'Desk').waitFor();

    await ownerPage.getByRole('button', { name: 'Edit Desk' }).click();
    const edit = ownerPage.getByRole('dialog', { name: 'Edit Desk' });
    await edit.getByLabel('Label').fill('Office desk');
    await edit.getByLabel('Required field').check();
    await edit.getByRole('button', { name: 'Save changes' }).click();
    await row(adminPage, 'Office desk').waitFor();
    expect((await fieldsOf(realm.ownerApi)).find((field) => field.name === 'Office desk')).toMatchObject({ required: true, hint: 'Where to find you' });

    const names = async (page: Page) => fieldList(page).locator('.admin-row-name').allTextContents();
    // Drag Pronouns by its grip onto the first row.
    await ownerPage.getByRole('button', { name: 'Move Pronouns' }).dragTo(row(ownerPage, 'Office desk'));
    await until(async () => ((await fieldsOf(realm.ownerApi))[0]?.name === 'Pronouns' ? true : undefined), 'Pronouns to come first');
    await until(async () => ((await names(adminPage))[0] === 'Pronouns' ? true : undefined), 'the second page to show Pronouns first');
    // From the keyboard: the grip's down arrow moves Pronouns back below Office desk.
    await ownerPage.getByRole('button', { name: 'Move Pronouns' }).press('ArrowDown');
    await until(async () => ((await fieldsOf(realm.ownerApi))[1]?.name === 'Pronouns' ? true : undefined), 'Pronouns to come second');
    const grip = ownerPage.getByRole('button', { name: 'Move Pronouns' });
    await expect(grip.evaluate((element) => element === element.ownerDocument.activeElement)).resolves.toBe(true);
    await until(async () => ((await names(adminPage)).slice(0, 2).join() === 'Office desk,Pronouns' ? true : undefined), 'the second page to follow');

    await ownerPage.getByRole('button', { name: 'Delete About me' }).click();
    await ownerPage.getByRole('dialog', { name: 'Delete About me?' }).getByRole('button', { name: 'Delete' }).click();
    await row(adminPage, 'About me').waitFor({ state: 'detached' });
    expect((await fieldsOf(realm.ownerApi)).map((field) => field.name)).not.toContain('About me');
  }, 120_000);

  it('a member sees the fields and no action', async () => {
    const page = await logIn(2, bob, '#organization/profile-field-settings');
    await row(page, 'Office desk').waitFor();
    await page.getByRole('note').filter({ hasText: 'Only organization administrators' }).waitFor();
    await expect(page.getByRole('main').getByRole('button').count()).resolves.toBe(0);
    await expect(fieldList(page).locator('[draggable="true"]').count()).resolves.toBe(0);
  });

  it('a member fills every field in on their own profile settings; a third person sees them on the profile card', async () => {
    const bobPage = await logIn(2, bob, '#settings/profile');
    const fields = await fieldsOf(realm.ownerApi);
    const id = (name: string) => (fields.find((field) => field.name === name) as FieldWire).id;
    await bobPage.getByLabel('Office desk').fill('B-12');
    await bobPage.getByLabel('Team').selectOption({ label: 'Mobile' });
    await bobPage.getByLabel('Birthday').fill('1990-04-01');
    await bobPage.getByLabel('Homepage').fill('https://bob.example.com/');
    await bobPage.getByLabel('GitHub username').fill('bobhub');
    await bobPage.getByLabel('Wiki page').fill('bob');
    await bobPage.getByLabel('Pronouns').fill('he/him');
    await bobPage.getByRole('combobox', { name: 'Add a person to Mentor' }).fill('Carl');
    await bobPage.getByRole('option', { name: /Carl Viewer/ }).click();
    await bobPage.getByRole('list', { name: 'Mentor' }).getByText('Carl Viewer').waitFor();

    const expected: Record<string, string> = {
      [id('Office desk')]: 'B-12',
      [id('Team')]: '1',
      [id('Birthday')]: '1990-04-01',
      [id('Homepage')]: 'https://bob.example.com/',
      [id('GitHub username')]: 'bobhub',
      [id('Wiki page')]: 'bob',
      [id('Pronouns')]: 'he/him',
      [id('Mentor')]: `[${carl.userId}]`,
    };
    let last = '';
    await until(async () => {
      const answer = await realm.ownerApi.get(`users/${bob.userId}`, { include_custom_profile_fields: true });
      const profile = answer.body.user.profile_data as Record<string, { value: string }>;
      const values = Object.fromEntries(Object.entries(profile).map(([field, entry]) => [field, entry.value]));
      last = JSON.stringify(values);
      return JSON.stringify(values) === JSON.stringify({ ...values, ...expected }) && Object.keys(values).length === Object.keys(expected).length ? true : undefined;
    }, "Bob's values to reach the server").catch((error: unknown) => {
      throw new Error(`${String(error)}: ${last} instead of ${JSON.stringify(expected)}`);
    });

    await sendMessage(bob.api, { type: 'stream', to: 'lounge', topic: 'hello', content: 'Hi from Bob' });
    const carlPage = await logIn(0, carl, '');
    const message = carlPage.locator('article.message', { hasText: 'Hi from Bob' });
    const name = message.getByRole('button', { name: 'Bob Member' });
    await name.click();
    const card = carlPage.getByRole('dialog', { name: 'Bob Member' });
    await card.waitFor();
    const value = (label: string) => card.locator('dt', { hasText: label }).locator('xpath=following-sibling::dd[1]');
    await expect(value('Office desk').textContent()).resolves.toBe('B-12');
    await expect(value('Team').textContent()).resolves.toBe('Mobile');
    await expect(value('Mentor').textContent()).resolves.toBe('Carl Viewer');
    await expect(value('Pronouns').textContent()).resolves.toBe('he/him');
    await expect(value('Homepage').getByRole('link').getAttribute('href')).resolves.toBe('https://bob.example.com/');
    await expect(value('GitHub username').getByRole('link').getAttribute('href')).resolves.toBe('https://github.com/bobhub');
    await expect(value('Wiki page').getByRole('link').getAttribute('href')).resolves.toBe('https://wiki.example.com/people/bob');
    await expect(card.getByText('Member', { exact: true }).count()).resolves.toBe(1);
    await shootAdmin(carlPage, 'org-content-profile-card');

    // Escape closes it and puts focus back on the name; the people list's button opens it too, a click elsewhere closes it.
    await carlPage.keyboard.press('Escape');
    await card.waitFor({ state: 'detached' });
    await expect(name.evaluate((element) => element === element.ownerDocument.activeElement)).resolves.toBe(true);
    await carlPage.getByRole('complementary', { name: 'People' }).getByRole('button', { name: "Bob Member's profile" }).click();
    await card.waitFor();
    await expect(value('Birthday').textContent()).resolves.toBe('1990-04-01');
    await carlPage.getByRole('main').click({ position: { x: 5, y: 5 } });
    await card.waitFor({ state: 'detached' });

    // A value changed later shows on the open card at once.
    await name.click();
    await card.waitFor();
    await bobPage.getByLabel('Office desk').fill('C-3');
    await bobPage.getByLabel('Office desk').blur();
    await until(async () => ((await value('Office desk').textContent()) === 'C-3' ? true : undefined), 'the open card to show the new desk');
    await shootAdmin(bobPage, 'org-content-settings-profile');

    // The full profile (`#user/<id>`): the card's fields and more, and the groups Bob is in.
    expect((await realm.ownerApi.post('user_groups/create', { name: 'Mobile team', description: 'Builds the apps', members: [bob.userId] })).status).toBe(200);
    await card.getByRole('link', { name: 'View full profile' }).click();
    await carlPage.locator('.user-card').waitFor({ state: 'detached' });
    const profile = carlPage.locator('dialog.full-profile');
    await profile.getByRole('heading', { name: 'Bob Member' }).waitFor();
    expect(new URL(carlPage.url()).hash).toBe(`#user/${bob.userId}`);
    const entry = (label: string) => profile.locator('dt', { hasText: label }).locator('xpath=following-sibling::dd[1]');
    await expect(entry('User ID').textContent()).resolves.toBe(String(bob.userId));
    await expect(entry('Office desk').textContent()).resolves.toBe('C-3');
    await expect(entry('Joined').textContent()).resolves.toMatch(/\d{4}/);
    await profile.getByRole('tab', { name: 'User groups' }).click();
    await profile.getByRole('link', { name: 'Mobile team' }).waitFor();
    await shootAdmin(carlPage, 'org-content-full-profile');
    await carlPage.keyboard.press('Escape');
    await profile.waitFor({ state: 'detached' });
    expect(new URL(carlPage.url()).hash).not.toBe(`#user/${bob.userId}`);
    // Opened by its address, its Close button closes it too; an unknown person is said to be so.
    await carlPage.goto(`http://${realm.api.host}/#user/${bob.userId}`);
    await profile.getByRole('button', { name: 'Close' }).click();
    await profile.waitFor({ state: 'detached' });
    await carlPage.goto(`http://${realm.api.host}/#user/999999`);
    await carlPage.locator('dialog').getByText('This person is not in the organization, or you cannot see them.').waitFor();
  }, 120_000);
});
