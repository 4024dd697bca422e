import { Page } from 'playwright-core';
import { createTestRealm, ok, TestRealm, TestUser } from './support/api';
import { changeGroupSetting, shootForReview } from './support/admin-pages';
import { TestBrowser } from './support/browser';
import { until } from './support/until';
import { SpecBrowsers } from './support/web-pages';

/**
 * Group settings in the web app (issue 35): `#groups/...`. Each change is made through the
 * page and read back through the API; a second administrator's open page shows it live; a
 * member who cannot manage a group sees no action.
 */
const describeInBrowser = TestBrowser.available() ? describe : describe.skip;

interface GroupWire {
  id: number;
  name: string;
  description: string;
  members: number[];
  direct_subgroup_ids: number[];
  deactivated: boolean;
  can_join_group: unknown;
  can_manage_group: unknown;
}

describeInBrowser('group settings in the web app', () => {
  let realm: TestRealm;
  let owner: TestUser;
  let owner2: TestUser;
  let ann: TestUser;
  let bob: TestUser;
  let ownerBrowser: TestBrowser;
  let secondBrowser: TestBrowser;
  const web = SpecBrowsers.forThisFile();

  beforeAll(async () => {
    realm = await createTestRealm('webgroups');
    owner = await realm.createUser('Oona Owner', 'owner');
    // Managing every group is the realm's owners' by default (can_manage_all_groups), so the second administrator is an owner too.
    owner2 = await realm.createUser('Otto Owner', 'owner');
    ann = await realm.createUser('Ann Member');
    bob = await realm.createUser('Bob Member');
    await ok(realm.ownerApi.post('user_groups/create', { name: 'reviewers', description: 'Code review', members: JSON.stringify([ann.userId]) }));
    [ownerBrowser, secondBrowser] = await web.launch(2);
  }, 120_000);

  const logIn = (browser: TestBrowser, user: TestUser, hash = ''): Promise<Page> => web.logIn(browser, realm.api.host, user.email, hash);

  const shoot = (page: Page, name: string) => shootForReview(page, `org-channels-groups-${name}`);
  const groupList = (page: Page) => page.getByRole('navigation', { name: 'User groups', exact: true });
  const heading = (page: Page, name: string) => page.getByRole('heading', { level: 2, name, exact: true });

  async function groupNamed(name: string): Promise<GroupWire | undefined> {
    const groups = (await ok(realm.ownerApi.get('user_groups', { include_deactivated_groups: true }))).user_groups as GroupWire[];
    return groups.find((group) => group.name === name);
  }

  async function roleId(name: string): Promise<number> {
    return (await groupNamed(name))?.id as number;
  }

  it('creates a group with members, a subgroup and a permission; the API reads it back and a second owner sees it live', async () => {
    const secondPage = await logIn(secondBrowser, owner2, '#groups/all');
    await groupList(secondPage).getByRole('link', { name: /reviewers/ }).waitFor();
    const page = await logIn(ownerBrowser, owner);
    await page.getByRole('button', { name: 'Personal menu' }).click();
    await page.getByRole('link', { name: 'Group settings' }).click();
    await page.getByRole('heading', { level: 1, name: 'Group settings' }).waitFor();
    await page.getByRole('link', { name: 'Create a user group' }).click();
    await page.getByRole('textbox', { name: 'Group name' }).fill('designers');
    await page.getByRole('textbox', { name: 'Group description' }).fill('People who draw');
    await page.getByRole('combobox', { name: 'Add a member' }).fill('Bob');
    await page.getByRole('option', { name: /Bob Member/ }).click();
    await page.getByRole('combobox', { name: 'Add a subgroup' }).fill('review');
    await page.getByRole('option', { name: /^reviewers/ }).click();
    await changeGroupSetting(page, 'Who can join this group', 'Everyone except guests');
    await shoot(page, 'new');
    await page.getByRole('button', { name: 'Create', exact: true }).click();
    await heading(page, 'designers').waitFor();

    const made = await until(() => groupNamed('designers'), 'the new group');
    const reviewers = await groupNamed('reviewers');
    expect(made).toMatchObject({ description: 'People who draw', direct_subgroup_ids: [reviewers?.id] });
    expect([...made.members].sort()).toEqual([owner.userId, bob.userId].sort());
    expect(made.can_join_group).toBe(await roleId('role:members'));
    await groupList(secondPage).getByRole('link', { name: /designers/ }).waitFor();
  }, 120_000);

  it('renames a group and changes its description and a permission on General; the second owner’s open page follows', async () => {
    const group = await until(() => groupNamed('designers'), 'designers');
    const hash = `#groups/${group.id}/designers/general`;
    const secondPage = await logIn(secondBrowser, owner2, hash);
    const page = await logIn(ownerBrowser, owner, hash);
    await heading(page, 'designers').waitFor();
    await shoot(page, 'general');
    const name = page.getByRole('textbox', { name: 'Group name' });
    await name.fill('illustrators');
    await name.press('Enter');
    await heading(secondPage, 'illustrators').waitFor();
    await until(async () => ((await groupNamed('illustrators')) ? true : undefined), 'the new name');
    const description = page.getByRole('textbox', { name: 'Group description' });
    await description.fill('People who illustrate');
    await description.blur();
    await until(async () => ((await secondPage.getByRole('textbox', { name: 'Group description' }).inputValue()) === 'People who illustrate' ? true : undefined), 'the second owner’s description');
    expect((await groupNamed('illustrators'))?.description).toBe('People who illustrate');
    await changeGroupSetting(page, 'Who can administer this group', 'Administrators', ['Oona Owner']);
    const administrators = await roleId('role:administrators');
    await until(async () => ((await groupNamed('illustrators'))?.can_manage_group === administrators ? true : undefined), 'the manage setting');
  }, 120_000);

  it('adds and removes members and subgroups on Members; the API reads them back', async () => {
    const group = await until(() => groupNamed('illustrators'), 'illustrators');
    const reviewers = await groupNamed('reviewers');
    const page = await logIn(ownerBrowser, owner, `#groups/${group.id}/illustrators/members`);
    const members = page.getByRole('list', { name: 'Members' });
    await members.getByText('Bob Member').waitFor();
    await page.getByRole('combobox', { name: 'Add a person to the group' }).fill('Ann');
    await page.getByRole('option', { name: /Ann Member/ }).click();
    await page.getByRole('button', { name: 'Add members' }).click();
    await members.getByText('Ann Member').waitFor();
    await page.getByRole('button', { name: 'Remove Bob Member' }).click();
    await members.getByText('Bob Member').waitFor({ state: 'detached' });
    await until(async () => {
      const now = await groupNamed('illustrators');
      return now?.members.includes(ann.userId) && !now.members.includes(bob.userId) ? true : undefined;
    }, 'the members');
    await page.getByRole('button', { name: 'Remove reviewers' }).click();
    await page.getByRole('list', { name: 'Subgroups' }).getByText('reviewers').waitFor({ state: 'detached' });
    await page.getByRole('combobox', { name: 'Add a subgroup' }).fill('Moder');
    await page.getByRole('option', { name: /^Moderators/ }).click();
    await page.getByRole('button', { name: 'Add subgroups' }).click();
    await page.getByRole('list', { name: 'Subgroups' }).getByText('Moderators').waitFor();
    const moderators = await roleId('role:moderators');
    await until(async () => ((await groupNamed('illustrators'))?.direct_subgroup_ids.join() === String(moderators) ? true : undefined), 'the subgroups');
    expect(reviewers).toBeDefined();
    await shoot(page, 'members');
  }, 120_000);

  it('a member opening a group they cannot manage sees no action; one they may join offers Join', async () => {
    const reviewers = await until(() => groupNamed('reviewers'), 'reviewers');
    const page = await logIn(secondBrowser, bob, `#groups/${reviewers.id}/reviewers/general`);
    await heading(page, 'reviewers').waitFor();
    await page.getByText('Only this group’s administrators can change its settings.').waitFor();
    await expect(page.getByRole('textbox', { name: 'Group name' }).getAttribute('readonly')).resolves.not.toBeNull();
    await expect(page.getByRole('button', { name: 'Deactivate group' }).count()).resolves.toBe(0);
    await expect(page.getByRole('button', { name: 'Join group' }).count()).resolves.toBe(0);
    await expect(page.getByRole('combobox', { name: /^Add to/ }).count()).resolves.toBe(0);
    await expect(page.getByRole('main').getByRole('button').count()).resolves.toBe(0);
    await page.getByRole('link', { name: 'Members', exact: true }).click();
    await page.getByRole('list', { name: 'Members' }).getByText('Ann Member').waitFor();
    await expect(page.getByRole('main').getByRole('button').count()).resolves.toBe(0);
    await shoot(page, 'member-view');

    // The realm lets members join reviewers: Join shows, and joining reaches the API.
    await ok(realm.ownerApi.patch(`user_groups/${reviewers.id}`, { can_join_group: JSON.stringify({ new: await roleId('role:members') }) }));
    await page.getByRole('button', { name: 'Join group' }).click();
    await page.getByRole('list', { name: 'Members' }).getByText('Bob Member').waitFor();
    expect((await groupNamed('reviewers'))?.members).toContain(bob.userId);
  }, 120_000);

  it('deactivates a group after asking; it leaves the second owner’s list', async () => {
    const group = await until(() => groupNamed('illustrators'), 'illustrators');
    const secondPage = await logIn(secondBrowser, owner2, '#groups/all');
    await groupList(secondPage).getByRole('link', { name: /illustrators/ }).waitFor();
    const page = await logIn(ownerBrowser, owner, `#groups/${group.id}/illustrators/general`);
    await page.getByRole('button', { name: 'Deactivate group' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Deactivate' }).click();
    await page.getByText('This group does not exist, or it was deactivated.').waitFor();
    await groupList(secondPage).getByRole('link', { name: /illustrators/ }).waitFor({ state: 'detached' });
    expect((await groupNamed('illustrators'))?.deactivated).toBe(true);
    await page.getByRole('link', { name: 'All groups' }).click();
    await groupList(page).getByRole('link', { name: /reviewers/ }).waitFor();
    await shoot(page, 'list');
  }, 120_000);
});
