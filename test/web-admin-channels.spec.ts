import { Page } from 'playwright-core';
import { Api, createTestRealm, ok, sendMessage, subscribeTo, TestRealm, TestUser } from './support/api';
import { changeGroupSetting, shootForReview } from './support/admin-pages';
import { TestBrowser } from './support/browser';
import { until } from './support/until';
import { sidebarChannelLink, SpecBrowsers } from './support/web-pages';

/**
 * Channel settings in the web app (issue 35): `#channels/...` and
 * `#organization/default-channels-list`. Each change is made through the page and read back
 * through the API; a second administrator's open page shows it live; a member sees no action.
 */
const describeInBrowser = TestBrowser.available() ? describe : describe.skip;

interface ChannelWire {
  stream_id: number;
  name: string;
  description: string;
  invite_only: boolean;
  can_send_message_group: unknown;
  can_administer_channel_group: unknown;
}

async function channelNamed(api: Api, name: string): Promise<ChannelWire | undefined> {
  const answer = await ok(api.get('streams', { include_all: true }));
  return (answer.streams as ChannelWire[]).find((channel) => channel.name === name);
}

async function membersOf(api: Api, channelId: number): Promise<number[]> {
  return (await ok(api.get(`streams/${channelId}/members`))).subscribers as number[];
}

/** Polls the API until `check` answers something other than undefined. */
const readBack = <T>(what: string, check: () => Promise<T | undefined>) => until(check, what);

describeInBrowser('channel settings in the web app', () => {
  let realm: TestRealm;
  let owner: TestUser;
  let admin: TestUser;
  let ann: TestUser;
  let bob: TestUser;
  let ownerBrowser: TestBrowser;
  let adminBrowser: TestBrowser;
  let memberBrowser: TestBrowser;
  const web = SpecBrowsers.forThisFile();

  beforeAll(async () => {
    realm = await createTestRealm('webchannels');
    owner = await realm.createUser('Oona Owner', 'owner');
    admin = await realm.createUser('Adam Admin', 'administrator');
    ann = await realm.createUser('Ann Member');
    bob = await realm.createUser('Bob Member');
    await subscribeTo(realm.ownerApi, 'lounge', {}, [owner.userId, admin.userId, ann.userId, bob.userId]);
    await subscribeTo(realm.ownerApi, 'archive-me', { description: 'Soon gone' }, [owner.userId]);
    await subscribeTo(realm.ownerApi, 'design', {}, [owner.userId]);
    [ownerBrowser, adminBrowser, memberBrowser] = await web.launch(3);
  }, 120_000);

  const logIn = (browser: TestBrowser, user: TestUser, hash = ''): Promise<Page> => web.logIn(browser, realm.api.host, user.email, hash);

  const shoot = (page: Page, name: string) => shootForReview(page, `org-channels-${name}`);

  const channelList = (page: Page) => page.getByRole('navigation', { name: 'Channels', exact: true });
  const detailHeading = (page: Page, name: string) => page.getByRole('heading', { level: 2, name, exact: true });

  it('creates a private channel with subscribers and a permission group; the API reads it back and a second admin sees it live', async () => {
    const adminPage = await logIn(adminBrowser, admin, '#channels/all');
    await channelList(adminPage).getByRole('link', { name: /lounge/ }).waitFor();
    const page = await logIn(ownerBrowser, owner);
    await page.getByRole('button', { name: 'Personal menu' }).click();
    await page.getByRole('link', { name: 'Channel settings' }).click();
    await page.getByRole('heading', { level: 1, name: 'Channel settings' }).waitFor();
    await page.getByRole('link', { name: 'Create a channel' }).click();
    await page.getByRole('heading', { name: 'Create a channel' }).waitFor();
    await page.getByRole('textbox', { name: 'Channel name' }).fill('launch-plans');
    await page.getByRole('textbox', { name: 'Channel description' }).fill('Where the launch is planned');
    await page.getByRole('combobox', { name: 'Who can access the channel' }).selectOption({ label: 'Private, shared history' });
    await page.getByRole('combobox', { name: 'Add a subscriber' }).fill('Ann');
    await page.getByRole('option', { name: /Ann Member/ }).click();
    await changeGroupSetting(page, 'Who can post to this channel', 'Administrators', ['Everyone including guests']);
    await shoot(page, 'new');
    await page.getByRole('button', { name: 'Create', exact: true }).click();
    await detailHeading(page, 'launch-plans').waitFor();

    const made = await readBack('the new channel', () => channelNamed(realm.ownerApi, 'launch-plans'));
    expect(made).toMatchObject({ description: 'Where the launch is planned', invite_only: true });
    const groups = (await ok(realm.ownerApi.get('user_groups'))).user_groups as { id: number; name: string }[];
    expect(made.can_send_message_group).toBe(groups.find((group) => group.name === 'role:administrators')?.id);
    expect((await membersOf(realm.ownerApi, made.stream_id)).sort()).toEqual([owner.userId, ann.userId].sort());
    await channelList(adminPage).getByRole('link', { name: /launch-plans/ }).waitFor();
  }, 120_000);

  it('renames a channel, changes its description and privacy on General; the second admin’s open page follows', async () => {
    const lounge = await readBack('lounge', () => channelNamed(realm.ownerApi, 'lounge'));
    const hash = `#channels/${lounge.stream_id}/lounge/general`;
    const adminPage = await logIn(adminBrowser, admin, hash);
    const page = await logIn(ownerBrowser, owner, hash);
    await detailHeading(page, 'lounge').waitFor();
    await shoot(page, 'general');

    const name = page.getByRole('textbox', { name: 'Channel name' });
    await name.fill('living-room');
    await name.press('Enter');
    await readBack('the new name', async () => ((await channelNamed(realm.ownerApi, 'living-room')) ? true : undefined));
    await detailHeading(adminPage, 'living-room').waitFor();
    await until(async () => ((await adminPage.getByRole('textbox', { name: 'Channel name' }).inputValue()) === 'living-room' ? true : undefined), 'the admin’s field');

    const description = page.getByRole('textbox', { name: 'Channel description' });
    await description.fill('Sofas and chat');
    await description.blur();
    await readBack('the description', async () => ((await channelNamed(realm.ownerApi, 'living-room'))?.description === 'Sofas and chat' ? true : undefined));
    await until(async () => ((await adminPage.getByRole('textbox', { name: 'Channel description' }).inputValue()) === 'Sofas and chat' ? true : undefined), 'the admin’s description');

    await page.getByRole('combobox', { name: 'Who can access this channel' }).selectOption({ label: 'Private, protected history' });
    await readBack('the privacy', async () => ((await channelNamed(realm.ownerApi, 'living-room'))?.invite_only === true ? true : undefined));
    await page.getByRole('combobox', { name: 'Who can access this channel' }).selectOption({ label: 'Public' });
    await readBack('public again', async () => ((await channelNamed(realm.ownerApi, 'living-room'))?.invite_only === false ? true : undefined));

    await changeGroupSetting(page, 'Who can administer this channel', 'Moderators', ['Olivia Owner']);
    const groups = (await ok(realm.ownerApi.get('user_groups'))).user_groups as { id: number; name: string }[];
    const moderators = groups.find((group) => group.name === 'role:moderators')?.id;
    await readBack('the administer group', async () => ((await channelNamed(realm.ownerApi, 'living-room'))?.can_administer_channel_group === moderators ? true : undefined));
    await name.fill('lounge');
    await name.press('Enter');
    await detailHeading(adminPage, 'lounge').waitFor();
  }, 120_000);

  it('subscribes and unsubscribes a person on Subscribers: the channel shows in their open sidebar, then goes', async () => {
    const made = await readBack('launch-plans', () => channelNamed(realm.ownerApi, 'launch-plans'));
    const bobPage = await logIn(memberBrowser, bob);
    const page = await logIn(ownerBrowser, owner, `#channels/${made.stream_id}/launch-plans/subscribers`);
    const subscribers = page.getByRole('list', { name: 'Subscribers' });
    await subscribers.getByText('Ann Member').waitFor();
    await page.getByRole('combobox', { name: 'Add a person to subscribe' }).fill('Bob');
    await page.getByRole('option', { name: /Bob Member/ }).click();
    await page.getByRole('button', { name: 'Subscribe', exact: true }).click();
    await subscribers.getByText('Bob Member').waitFor();
    await sidebarChannelLink(bobPage, 'launch-plans').waitFor();
    expect(await membersOf(realm.ownerApi, made.stream_id)).toContain(bob.userId);
    await shoot(page, 'subscribers');

    await page.getByRole('button', { name: 'Unsubscribe Bob Member' }).click();
    await subscribers.getByText('Bob Member').waitFor({ state: 'detached' });
    await sidebarChannelLink(bobPage, 'launch-plans').waitFor({ state: 'detached' });
    expect(await membersOf(realm.ownerApi, made.stream_id)).not.toContain(bob.userId);
  }, 120_000);

  it('mutes and sets notifications through Personal, and unsubscribes and subscribes oneself from the header', async () => {
    const lounge = await readBack('lounge', () => channelNamed(realm.ownerApi, 'lounge'));
    const page = await logIn(ownerBrowser, owner, `#channels/${lounge.stream_id}/lounge/personal`);
    await page.getByRole('checkbox', { name: 'Mute this channel' }).check();
    const mine = async () => ((await ok(owner.api.get('users/me/subscriptions'))).subscriptions as { stream_id: number; is_muted: boolean }[]).find((sub) => sub.stream_id === lounge.stream_id);
    await readBack('muted', async () => ((await mine())?.is_muted === true ? true : undefined));
    await shoot(page, 'personal');
    await page.getByRole('checkbox', { name: 'Mute this channel' }).uncheck();
    await readBack('unmuted', async () => ((await mine())?.is_muted === false ? true : undefined));

    // Notifications: each shows the general setting until set here (email for channel messages is off by default).
    const email = page.getByRole('checkbox', { name: 'Email notifications' });
    expect(await email.isChecked()).toBe(false);
    const ownSetting = async (name: string) => ((await mine()) as Record<string, unknown> | undefined)?.[name];
    expect(await ownSetting('email_notifications')).toBe(false);
    await email.check();
    await readBack('email on for the channel', async () => ((await ownSetting('email_notifications')) === true ? true : undefined));
    await ok(owner.api.post('users/me/subscriptions/properties', { subscription_data: [{ stream_id: lounge.stream_id, property: 'desktop_notifications', value: true }] }));
    await until(async () => ((await page.getByRole('checkbox', { name: 'Desktop notifications', exact: true }).isChecked()) ? true : undefined), 'a change from elsewhere shown');

    await page.getByRole('button', { name: 'Unsubscribe', exact: true }).click();
    await readBack('unsubscribed', async () => ((await mine()) === undefined ? true : undefined));
    await page.getByText('Subscribe to this channel to choose your own settings for it.').waitFor();
    await page.getByRole('button', { name: 'Subscribe', exact: true }).click();
    await readBack('subscribed', async () => ((await mine()) !== undefined ? true : undefined));
    await page.getByRole('checkbox', { name: 'Mute this channel' }).waitFor();
    await page.getByRole('navigation', { name: 'Channel settings lists' }).getByRole('link', { name: 'Subscribed' }).click();
    await channelList(page).getByRole('link', { name: /lounge/ }).waitFor();
    await shoot(page, 'list');
  }, 120_000);

  it('shows the channel’s email address on Personal, as the API gives it', async () => {
    const lounge = await readBack('lounge', () => channelNamed(realm.ownerApi, 'lounge'));
    const page = await logIn(ownerBrowser, owner, `#channels/${lounge.stream_id}/lounge/personal`);
    await page.getByRole('button', { name: 'Show email address' }).click();
    const expected = (await ok(owner.api.get(`streams/${lounge.stream_id}/email_address`))).email as string;
    await until(async () => ((await page.getByRole('textbox', { name: 'Channel email address' }).inputValue()) === expected ? true : undefined), 'the address shown');
  }, 120_000);

  it('an administrator deletes a topic from the sidebar after asking; a member is offered no delete', async () => {
    await subscribeTo(realm.ownerApi, 'scratch', {}, [owner.userId, admin.userId, ann.userId]);
    const scratch = await readBack('scratch', () => channelNamed(realm.ownerApi, 'scratch'));
    await sendMessage(owner.api, { type: 'stream', to: 'scratch', topic: 'keep me', content: 'stays' });
    const doomed = await sendMessage(owner.api, { type: 'stream', to: 'scratch', topic: 'drop me', content: 'goes' });
    const memberPage = await logIn(memberBrowser, ann, `#narrow/channel/${scratch.stream_id}-scratch`);
    const memberTopics = memberPage.getByRole('list', { name: 'Topics' });
    await memberTopics.getByRole('link', { name: /drop me/ }).waitFor();
    await expect(memberTopics.getByRole('button', { name: /Delete topic/ }).count()).resolves.toBe(0);

    const page = await logIn(adminBrowser, admin, `#narrow/channel/${scratch.stream_id}-scratch`);
    const topics = page.getByRole('list', { name: 'Topics' });
    await topics.getByRole('button', { name: 'Delete topic drop me' }).click();
    await page.getByRole('dialog', { name: 'Delete topic drop me?' }).getByRole('button', { name: 'Delete topic' }).click();
    await readBack('the topic’s messages deleted', async () => ((await owner.api.get(`messages/${doomed}`)).status === 400 ? true : undefined));
    await topics.getByRole('link', { name: /keep me/ }).waitFor();
    await topics.getByRole('link', { name: /drop me/ }).waitFor({ state: 'detached' });
    await memberTopics.getByRole('link', { name: /drop me/ }).waitFor({ state: 'detached' });
  }, 120_000);

  it('archives a channel after asking', async () => {
    const doomed = await readBack('archive-me', () => channelNamed(realm.ownerApi, 'archive-me'));
    const page = await logIn(ownerBrowser, owner, `#channels/${doomed.stream_id}/archive-me/general`);
    await page.getByRole('button', { name: 'Archive channel' }).click();
    await page.getByRole('dialog', { name: 'Archive #archive-me?' }).getByRole('button', { name: 'Archive' }).click();
    await page.getByText(/This channel does not exist, or you cannot see it/).waitFor();
    const answer = await ok(realm.ownerApi.get('streams', { include_all: true, exclude_archived: false }));
    expect((answer.streams as { stream_id: number; is_archived: boolean }[]).find((stream) => stream.stream_id === doomed.stream_id)?.is_archived).toBe(true);
  }, 120_000);

  it('a member opening another channel’s settings, and the default channels, sees no action', async () => {
    await ok(realm.ownerApi.patch('realm', { can_add_subscribers_group: JSON.stringify({ new: await roleId('role:administrators') }) }));
    const lounge = await readBack('lounge', () => channelNamed(realm.ownerApi, 'lounge'));
    const page = await logIn(memberBrowser, ann, `#channels/${lounge.stream_id}/lounge/general`);
    await detailHeading(page, 'lounge').waitFor();
    await page.getByText('Only this channel’s administrators can change its settings.').waitFor();
    await expect(page.getByRole('textbox', { name: 'Channel name' }).getAttribute('readonly')).resolves.not.toBeNull();
    await expect(page.getByRole('combobox', { name: 'Who can access this channel' }).isDisabled()).resolves.toBe(true);
    await expect(page.getByRole('button', { name: 'Archive channel' }).count()).resolves.toBe(0);
    await page.getByRole('list', { name: 'Who can post to this channel', exact: true }).getByText('Everyone including guests').waitFor();
    await expect(page.getByRole('combobox', { name: /^Add to/ }).count()).resolves.toBe(0);
    await expect(page.getByRole('button', { name: /^Remove/ }).count()).resolves.toBe(0);
    await expect(page.getByRole('link', { name: 'Create a channel' }).count()).resolves.toBe(1);

    await page.getByRole('link', { name: 'Subscribers' }).click();
    await page.getByRole('list', { name: 'Subscribers' }).getByText('Bob Member').waitFor();
    await expect(page.getByRole('button', { name: 'Subscribe', exact: true }).count()).resolves.toBe(0);
    await expect(page.getByRole('button', { name: /^Unsubscribe .+/ }).allTextContents()).resolves.toEqual(['Unsubscribe']);
    await expect(page.getByRole('button', { name: 'Unsubscribe Ann Member' }).count()).resolves.toBe(1);

    await page.goto(`http://${realm.api.host}/#organization/default-channels-list`);
    await page.getByRole('heading', { name: 'Default channels', level: 3 }).waitFor();
    await page.getByText('Only organization administrators can change these settings.').waitFor();
    await expect(page.getByRole('main').getByRole('button').count()).resolves.toBe(0);
    await ok(realm.ownerApi.patch('realm', { can_add_subscribers_group: JSON.stringify({ new: await roleId('role:members') }) }));
  }, 120_000);

  async function roleId(name: string): Promise<number> {
    const groups = (await ok(realm.ownerApi.get('user_groups'))).user_groups as { id: number; name: string }[];
    return groups.find((group) => group.name === name)?.id as number;
  }

  async function registerState(api: Api): Promise<{ realm_default_streams: number[]; realm_default_stream_groups: { id: number; name: string; description: string; streams: number[] }[] }> {
    const answer = await ok(api.post('register', { fetch_event_types: JSON.stringify(['default_streams', 'default_stream_groups']) }));
    await api.delete('events', { queue_id: answer.queue_id as string });
    return answer as never;
  }

  it('adds and removes default channels and edits default channel groups; the second admin’s page follows', async () => {
    await subscribeTo(realm.ownerApi, 'welcome', {}, [owner.userId]);
    const welcome = await readBack('welcome', () => channelNamed(realm.ownerApi, 'welcome'));
    const lounge = await readBack('lounge', () => channelNamed(realm.ownerApi, 'lounge'));
    const design = await readBack('design', () => channelNamed(realm.ownerApi, 'design'));
    const adminPage = await logIn(adminBrowser, admin, '#organization/default-channels-list');
    const page = await logIn(ownerBrowser, owner, '#organization/default-channels-list');
    await page.getByRole('heading', { name: 'Default channels', level: 3 }).waitFor();

    await page.getByRole('combobox', { name: 'Add a default channel' }).selectOption({ label: 'welcome' });
    await page.getByRole('button', { name: 'Add channel' }).click();
    await adminPage.getByRole('list', { name: 'Default channels' }).getByText('#welcome').waitFor();
    expect((await registerState(realm.ownerApi)).realm_default_streams).toContain(welcome.stream_id);

    const form = page.getByRole('group', { name: 'New default channel group' });
    await form.getByRole('textbox', { name: 'Group name' }).fill('Engineering');
    await form.getByRole('textbox', { name: 'Group description' }).fill('For builders');
    // A default channel cannot also be in a default channel group, so it is not offered.
    await expect(form.getByRole('listbox', { name: 'Channels' }).getByRole('option', { name: 'welcome' }).count()).resolves.toBe(0);
    await form.getByRole('listbox', { name: 'Channels' }).selectOption([{ label: 'lounge' }]);
    await form.getByRole('button', { name: 'Create group' }).click();
    const card = page.getByRole('group', { name: 'Default channel group Engineering' });
    await card.getByRole('list', { name: 'Channels in Engineering' }).getByText('#lounge').waitFor();
    await adminPage.getByRole('group', { name: 'Default channel group Engineering' }).waitFor();
    let groups = (await registerState(realm.ownerApi)).realm_default_stream_groups;
    expect(groups).toEqual([expect.objectContaining({ name: 'Engineering', description: 'For builders', streams: [lounge.stream_id] })]);

    await card.getByRole('combobox', { name: 'Add a channel to Engineering' }).selectOption({ label: 'design' });
    await card.getByRole('button', { name: 'Add to group' }).click();
    await card.getByRole('list', { name: 'Channels in Engineering' }).getByText('#design').waitFor();
    await card.getByRole('button', { name: 'Remove #lounge from Engineering' }).click();
    await card.getByRole('list', { name: 'Channels in Engineering' }).getByText('#lounge').waitFor({ state: 'detached' });
    const rename = card.getByRole('textbox', { name: 'Group name' });
    await rename.fill('Builders');
    await rename.press('Enter');
    const renamed = page.getByRole('group', { name: 'Default channel group Builders' });
    await renamed.waitFor();
    await adminPage.getByRole('group', { name: 'Default channel group Builders' }).waitFor();
    groups = (await registerState(realm.ownerApi)).realm_default_stream_groups;
    expect(groups).toEqual([expect.objectContaining({ name: 'Builders', streams: [design.stream_id] })]);
    await shoot(page, 'default-channels');

    await renamed.getByRole('button', { name: 'Delete Builders' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Delete' }).click();
    await renamed.waitFor({ state: 'detached' });
    await page.getByRole('button', { name: 'Remove #welcome from the default channels' }).click();
    await adminPage.getByRole('list', { name: 'Default channels' }).getByText('#welcome').waitFor({ state: 'detached' });
    const state = await registerState(realm.ownerApi);
    expect(state.realm_default_stream_groups).toEqual([]);
    expect(state.realm_default_streams).not.toContain(welcome.stream_id);
  }, 120_000);

  it('the left sidebar leads to browsing and creating channels', async () => {
    const page = await logIn(memberBrowser, bob);
    await page.getByRole('link', { name: 'Browse and create channels' }).click();
    await page.getByRole('heading', { level: 1, name: 'Channel settings' }).waitFor();
    await expect(page.getByRole('link', { name: 'All channels' }).getAttribute('aria-current')).resolves.toBe('page');
    await channelList(page).getByRole('link', { name: /lounge/ }).waitFor();
    // Bob was unsubscribed from the private channel, so he no longer sees it.
    await expect(channelList(page).getByRole('link', { name: /launch-plans/ }).count()).resolves.toBe(0);
  }, 60_000);
});
