import { Page } from 'playwright-core';
import { createTestRealm, TestRealm, TestUser } from './support/api';
import { TestBrowser } from './support/browser';
import { pngImage } from './support/multipart';
import { until } from './support/until';
import { shootAdmin } from './support/web-admin-shots';
import { SpecBrowsers } from './support/web-pages';

/**
 * Linkifiers, code playgrounds and custom emoji in the web app (issue 35): the owner changes
 * each through its `#organization/...` section and the API reads it back; a second
 * administrator's open page shows it at once; a member sees no action the server would
 * refuse them (and, for emoji, what the realm's `can_add_custom_emoji_group` allows).
 */
const describeInBrowser = TestBrowser.available() ? describe : describe.skip;

interface LinkifierWire {
  id: number;
  pattern: string;
  url_template: string;
}

describeInBrowser('linkifiers, code playgrounds and custom emoji in the web app', () => {
  let realm: TestRealm;
  let owner: TestUser;
  let admin: TestUser;
  let bob: TestUser;
  const browsers: TestBrowser[] = [];
  const web = SpecBrowsers.forThisFile();

  beforeAll(async () => {
    realm = await createTestRealm('weblists');
    owner = await realm.createUser('Owen Owner', 'owner');
    admin = await realm.createUser('Ada Admin', 'administrator');
    bob = await realm.createUser('Bob Member');
    browsers.push(...(await web.launch(3)));
  }, 120_000);

  const logIn = (index: number, user: TestUser, hash: string): Promise<Page> => web.logIn(browsers[index] as TestBrowser, realm.api.host, user.email, hash);

  /** The owner's and a second administrator's pages, both open on `section`. */
  async function ownerAndAdmin(section: string): Promise<[Page, Page]> {
    return [await logIn(0, owner, `#organization/${section}`), await logIn(1, admin, `#organization/${section}`)];
  }

  const linkifiers = async (): Promise<LinkifierWire[]> => (await realm.ownerApi.get('realm/linkifiers')).body.linkifiers as LinkifierWire[];
  const playgrounds = async (): Promise<{ name: string; pygments_language: string; url_template: string }[]> =>
    (await realm.ownerApi.post('register', { fetch_event_types: ['realm_playgrounds'] })).body.realm_playgrounds;
  const listIn = (page: Page, name: string) => page.getByRole('list', { name });

  it('linkifiers: the owner adds, edits, reorders (dragging and keys) and deletes them; the API reads each back; a second administrator sees each live', async () => {
    const [page, other] = await ownerAndAdmin('linkifier-settings');
    const add = page.getByRole('group', { name: 'Add a new linkifier' });
    await add.getByLabel('Pattern').fill('#(?P<id>[0-9]+)');
    await add.getByLabel('URL template').fill('https://tracker.example.com/issues/{id}');
    await add.getByRole('button', { name: 'Add linkifier' }).click();
    await listIn(other, 'Linkifiers').getByText('#(?P<id>[0-9]+)').waitFor();
    await add.getByLabel('Pattern').fill('PR(?P<id>[0-9]+)');
    await add.getByLabel('URL template').fill('https://code.example.com/pulls/{id}');
    await add.getByRole('button', { name: 'Add linkifier' }).click();
    await listIn(other, 'Linkifiers').getByText('PR(?P<id>[0-9]+)').waitFor();
    expect((await linkifiers()).map((entry) => [entry.pattern, entry.url_template])).toEqual([
      ['#(?P<id>[0-9]+)', 'https://tracker.example.com/issues/{id}'],
      ['PR(?P<id>[0-9]+)', 'https://code.example.com/pulls/{id}'],
    ]);

    // A template naming a group the pattern lacks: the server's words beside the form.
    await add.getByLabel('Pattern').fill('BUG(?P<id>[0-9]+)');
    await add.getByLabel('URL template').fill('https://bugs.example.com/{number}');
    await add.getByRole('button', { name: 'Add linkifier' }).click();
    const refusal = await add.getByRole('alert').textContent();
    expect(refusal).toMatch(/number/);
    await shootAdmin(page, 'org-content-linkifiers');

    await page.getByRole('button', { name: 'Edit PR(?P<id>[0-9]+)' }).click();
    const dialog = page.getByRole('dialog', { name: 'Edit linkifier' });
    await dialog.getByLabel('URL template').fill('https://code.example.com/pr/{id}');
    await dialog.getByRole('button', { name: 'Save changes' }).click();
    await listIn(other, 'Linkifiers').getByText('https://code.example.com/pr/{id}').waitFor();
    expect((await linkifiers())[1]?.url_template).toBe('https://code.example.com/pr/{id}');

    const patterns = async () => (await linkifiers()).map((entry) => entry.pattern).join(' ');
    await page.getByRole('button', { name: 'Move PR(?P<id>[0-9]+)' }).dragTo(listIn(page, 'Linkifiers').getByRole('listitem').first());
    await until(async () => ((await patterns()) === 'PR(?P<id>[0-9]+) #(?P<id>[0-9]+)' ? true : undefined), 'PR first');
    await until(async () => ((await listIn(other, 'Linkifiers').locator('.admin-row-name').first().textContent()) === 'PR(?P<id>[0-9]+)' ? true : undefined), 'PR first on the other page');
    await page.getByRole('button', { name: 'Move PR(?P<id>[0-9]+)' }).press('ArrowDown');
    await until(async () => ((await patterns()) === '#(?P<id>[0-9]+) PR(?P<id>[0-9]+)' ? true : undefined), 'PR second again');

    await page.getByRole('button', { name: 'Delete #(?P<id>[0-9]+)' }).click();
    await page.getByRole('dialog', { name: 'Delete linkifier?' }).getByRole('button', { name: 'Delete' }).click();
    await listIn(other, 'Linkifiers').getByText('#(?P<id>[0-9]+)').waitFor({ state: 'detached' });
    expect(await patterns()).toBe('PR(?P<id>[0-9]+)');
  }, 120_000);

  it('code playgrounds: the owner adds and deletes them; the API reads each back; a second administrator sees each live', async () => {
    const [page, other] = await ownerAndAdmin('playground-settings');
    const add = page.getByRole('group', { name: 'Add a new code playground' });
    await add.getByLabel('Language').fill('Python');
    await add.getByLabel('Name').fill('Python playground');
    await add.getByLabel('URL template').fill('https://python.example.com/?code={code}');
    await add.getByRole('button', { name: 'Add code playground' }).click();
    await listIn(other, 'Code playgrounds').getByText('Python playground').waitFor();
    expect(await playgrounds()).toEqual([expect.objectContaining({ name: 'Python playground', pygments_language: 'Python', url_template: 'https://python.example.com/?code={code}' })]);

    // The same name and language again: the server's words beside the form.
    await add.getByLabel('Language').fill('Python');
    await add.getByLabel('Name').fill('Python playground');
    await add.getByLabel('URL template').fill('https://python.example.com/?code={code}');
    await add.getByRole('button', { name: 'Add code playground' }).click();
    await add.getByRole('alert').waitFor();
    await shootAdmin(page, 'org-content-playgrounds');

    await page.getByRole('button', { name: 'Delete Python playground' }).click();
    await page.getByRole('dialog', { name: 'Delete code playground?' }).getByRole('button', { name: 'Delete' }).click();
    await listIn(other, 'Code playgrounds').getByText('Python playground').waitFor({ state: 'detached' });
    expect(await playgrounds()).toEqual([]);
  }, 120_000);

  it('a member opening the linkifier and playground sections sees the lists and no action', async () => {
    await realm.ownerApi.post('realm/playgrounds', { name: 'Rust playground', pygments_language: 'Rust', url_template: 'https://play.example.com/?code={code}' });
    const page = await logIn(2, bob, '#organization/linkifier-settings');
    await listIn(page, 'Linkifiers').getByText('PR(?P<id>[0-9]+)').waitFor();
    await page.getByRole('note').filter({ hasText: 'Only organization administrators' }).waitFor();
    await expect(page.getByRole('main').getByRole('button').count()).resolves.toBe(0);
    await expect(page.getByRole('main').getByRole('textbox').count()).resolves.toBe(0);
    await page.getByRole('navigation', { name: 'Organization sections' }).getByRole('link', { name: 'Code playgrounds' }).click();
    await listIn(page, 'Code playgrounds').getByText('Rust playground').waitFor();
    await expect(page.getByRole('main').getByRole('button').count()).resolves.toBe(0);
    await expect(page.getByRole('main').getByRole('textbox').count()).resolves.toBe(0);
  });

  it('custom emoji: the owner uploads and deactivates; a member adds their own while the realm lets them, and may deactivate only theirs', async () => {
    const [page, other] = await ownerAndAdmin('emoji-settings');
    const image = await pngImage(24, 24, '#c03030');
    const add = page.getByRole('group', { name: 'Add a new emoji' });
    await add.getByLabel('Emoji name').fill('red_square');
    await add.getByLabel('Emoji image').setInputFiles({ name: 'red.png', mimeType: 'image/png', buffer: image });
    await add.getByRole('button', { name: 'Add emoji' }).click();
    await listIn(other, 'Custom emoji').getByText(':red_square:').waitFor();
    const emoji = async () => Object.values((await realm.ownerApi.get('realm/emoji')).body.emoji as Record<string, { name: string; author_id: number; deactivated: boolean }>);
    expect(await emoji()).toEqual([expect.objectContaining({ name: 'red_square', author_id: owner.userId, deactivated: false })]);
    await expect(listIn(other, 'Custom emoji').getByText('Added by Owen Owner').count()).resolves.toBe(1);

    // The realm lets members add emoji (Zulip's default): Bob adds one, and may deactivate only his.
    const bobPage = await logIn(2, bob, '#organization/emoji-settings');
    const bobAdd = bobPage.getByRole('group', { name: 'Add a new emoji' });
    await bobAdd.getByLabel('Emoji name').fill('blue_square');
    await bobAdd.getByLabel('Emoji image').setInputFiles({ name: 'blue.png', mimeType: 'image/png', buffer: await pngImage(24, 24, '#3030c0') });
    await bobAdd.getByRole('button', { name: 'Add emoji' }).click();
    // A built-in emoji's name is the administrators' to override: the server's words beside the form.
    await expect(bobAdd.getByRole('alert').textContent()).resolves.toBe('Only administrators can override default emoji.');
    await bobAdd.getByLabel('Emoji name').fill('bob_parrot');
    await bobAdd.getByRole('button', { name: 'Add emoji' }).click();
    await listIn(page, 'Custom emoji').getByText(':bob_parrot:').waitFor();
    await bobPage.getByRole('button', { name: 'Deactivate bob_parrot' }).waitFor();
    await expect(bobPage.getByRole('button', { name: 'Deactivate red_square' }).count()).resolves.toBe(0);
    await shootAdmin(page, 'org-content-emoji');

    // Once only administrators may add emoji, Bob's open page offers no upload.
    const admins = (await realm.ownerApi.get('user_groups')).body.user_groups.find((group: { name: string }) => group.name === 'role:administrators').id as number;
    expect((await realm.ownerApi.patch('realm', { can_add_custom_emoji_group: { new: admins } })).status).toBe(200);
    await bobPage.getByText('You do not have permission to add custom emoji.').waitFor();
    await expect(bobPage.getByRole('group', { name: 'Add a new emoji' }).count()).resolves.toBe(0);

    await page.getByRole('button', { name: 'Deactivate red_square' }).click();
    await page.getByRole('dialog', { name: 'Deactivate custom emoji?' }).getByRole('button', { name: 'Deactivate' }).click();
    await listIn(other, 'Custom emoji').getByText(':red_square:').waitFor({ state: 'detached' });
    await listIn(bobPage, 'Custom emoji').getByText(':red_square:').waitFor({ state: 'detached' });
    expect((await emoji()).find((entry) => entry.name === 'red_square')?.deactivated).toBe(true);
  }, 120_000);
});
