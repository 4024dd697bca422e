import { Page } from 'playwright-core';
import { createTestRealm, subscribeTo, TestRealm, TestUser } from './support/api';
import { TestBrowser } from './support/browser';
import { MailServer, startMailServer } from './support/mail-server';
import { shootPeoplePage } from './support/org-people-shots';
import { ReceivedMail } from './support/smtp-sink';
import { until } from './support/until';
import { sidebarChannelLink, SpecBrowsers } from './support/web-pages';

/**
 * Invitations on `#organization/users/invitations` (issue 35), on a server of this file's own
 * that mails through an SMTP sink: an owner invites by email through the page (role,
 * channel, group), resends, makes and revokes a reusable link, revokes an invitation; a
 * second administrator's open page follows; the invited person accepts from the mail in
 * another browser and lands in the invited channel and group. Deactivating someone with a
 * notification mails them (the server's deactivation mail).
 */
const describeInBrowser = TestBrowser.available() ? describe : describe.skip;

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

const NEW_PASSWORD = 'correct horse battery staple 42';

/** The invitation link of a mail's text (Zulip's mails write it as `<url>`). */
function joinLink(mail: ReceivedMail): string {
  const found = (mail.text.match(/https?:\/\/[^\s<>]+/g) ?? []).find((url) => url.includes('/join/'));
  if (found === undefined) throw new Error(`no invitation link in '${mail.subject}':\n${mail.text}`);
  return found;
}

describeInBrowser('invitations and deactivation mail in the web app', () => {
  let mail: MailServer;
  let realm: TestRealm;
  let owner: TestUser;
  let admin: TestUser;
  let ownerBrowser: TestBrowser;
  let adminBrowser: TestBrowser;
  let inviteeBrowser: TestBrowser;
  let roomId: number;
  let groupId: number;
  const web = SpecBrowsers.forThisFile();

  beforeAll(async () => {
    mail = await startMailServer('chat_people_invites');
    realm = await createTestRealm('orginvite', mail.server);
    owner = await realm.createUser('Otto Owner', 'owner');
    admin = await realm.createUser('Ada Admin', 'administrator');
    await subscribeTo(realm.ownerApi, 'invite-room', {}, [owner.userId, admin.userId]);
    roomId = (await realm.ownerApi.get('get_stream_id', { stream: 'invite-room' })).body.stream_id as number;
    const group = await realm.ownerApi.post('user_groups/create', { name: 'newcomers', description: 'New people', members: JSON.stringify([owner.userId]) });
    groupId = group.body.group_id as number;
    [ownerBrowser, adminBrowser, inviteeBrowser] = await web.launch(3);
  }, 180_000);

  afterAll(async () => {
    await mail?.stop();
  });

  const logIn = (browser: TestBrowser, user: TestUser, hash: string): Promise<Page> => web.logIn(browser, realm.api.host, user.email, hash);

  const pending = (page: Page) => page.getByRole('main').getByRole('list', { name: 'Pending invitations' });
  const invites = async (): Promise<Json[]> => (await realm.ownerApi.get('invites')).body.invites as Json[];

  it('invites by email through the page; the invitee accepts from the mail and is in the invited channel and group', async () => {
    const email = `ivy-${realm.subdomain}@example.org`;
    const ownerPage = await logIn(ownerBrowser, owner, '#organization/users/invitations');
    const adminPage = await logIn(adminBrowser, admin, '#organization/users/invitations');
    await ownerPage.getByText('No pending invitations.').waitFor();
    await ownerPage.getByRole('main').getByRole('button', { name: 'Invite users' }).click();
    const dialog = ownerPage.getByRole('dialog', { name: 'Invite users to organization' });
    await dialog.getByLabel(/^Emails/).fill(email);
    await dialog.getByLabel('Users join as').selectOption({ label: 'Member' });
    await dialog.getByLabel('#invite-room').check();
    await dialog.getByLabel('newcomers').check();
    await shootPeoplePage(ownerPage, 'invite-dialog');
    await dialog.getByRole('button', { name: 'Invite', exact: true }).click();
    await dialog.getByText('Users invited successfully.').waitFor();

    // An address already in use: the server's partial-failure words, with the address.
    await dialog.getByLabel(/^Emails/).fill(admin.email);
    await dialog.getByRole('button', { name: 'Invite', exact: true }).click();
    await dialog.getByRole('alert').waitFor();
    expect(await dialog.getByRole('alert').textContent()).toContain(admin.email);
    await dialog.getByRole('button', { name: 'Close' }).click();

    await pending(ownerPage).getByText(email).waitFor();
    await pending(adminPage).getByText(email).waitFor();
    const listed = (await invites()).find((invite) => invite.email === email) as Json;
    expect(listed).toEqual(expect.objectContaining({ is_multiuse: false, invited_as: 400, invited_by_user_id: owner.userId }));
    await shootPeoplePage(ownerPage, 'users-invitations');

    // Resend mails the same link again.
    const first = await mail.smtp.waitFor(email);
    await ownerPage.getByRole('button', { name: `Resend invitation to ${email}` }).click();
    await ownerPage.getByText('Invitation sent again.').waitFor();
    const second = await mail.smtp.waitFor(email, 2);
    expect(joinLink(second)).toBe(joinLink(first));

    // The invitee, in a browser of their own, accepts from the mail.
    await inviteeBrowser.clearCookies();
    const join = await inviteeBrowser.open(joinLink(first));
    web.opened.push(join);
    await join.fill('#full_name', 'Ivy Invited');
    await join.fill('#password', NEW_PASSWORD);
    await Promise.all([join.waitForNavigation(), join.click('button[type=submit]')]);
    await sidebarChannelLink(join, 'invite-room').waitFor();
    const members = (await realm.ownerApi.get('users')).body.members as Json[];
    const ivy = members.find((member) => member.email === email || member.delivery_email === email) as Json;
    expect(ivy).toEqual(expect.objectContaining({ full_name: 'Ivy Invited', role: 400 }));
    const subscribed = await realm.ownerApi.get(`users/${ivy.user_id as number}/subscriptions/${roomId}`);
    expect(subscribed.body.is_subscribed).toBe(true);
    const groupMembers = (await realm.ownerApi.get(`user_groups/${groupId}/members`)).body.members as number[];
    expect(groupMembers).toContain(ivy.user_id);
    // The spent invitation leaves both administrators' lists.
    await until(async () => ((await pending(ownerPage).getByText(email).count()) === 0 ? true : undefined), 'the accepted invitation gone');
    await adminPage.getByText('No pending invitations.').waitFor();
  }, 180_000);

  it('deactivating with "Notify this user by email" mails the person the comment (Zulip’s deactivation_notification_comment); without it, no mail', async () => {
    const leaving = await realm.createUser('Lea Leaving');
    const quiet = await realm.createUser('Quinn Quiet');
    const later = await realm.createUser('Lars Later');
    const ownerPage = await logIn(ownerBrowser, owner, '#organization/users/active');
    await ownerPage.getByRole('button', { name: 'Deactivate Lea Leaving' }).click();
    const confirm = ownerPage.getByRole('dialog', { name: 'Deactivate Lea Leaving?' });
    await confirm.getByLabel('Notify this user by email').check();
    await confirm.getByLabel(/A comment for the email/).fill('Thanks for your help with the launch.');
    await confirm.getByRole('button', { name: 'Deactivate' }).click();
    const mailed = await mail.smtp.waitFor(leaving.email);
    expect(mailed.subject).toMatch(/^Your account in .+ has been deactivated$/);
    expect(mailed.text).toContain('Thanks for your help with the launch.');
    expect(mailed.text).toContain(`http://${realm.api.host}`);

    // Without the parameter nobody is mailed; with an empty one the mail has no comment.
    expect((await realm.ownerApi.delete(`users/${quiet.userId}`)).status).toBe(200);
    expect((await realm.ownerApi.delete(`users/${later.userId}`, { deactivation_notification_comment: '' })).status).toBe(200);
    const plain = await mail.smtp.waitFor(later.email);
    expect(plain.text).not.toContain('comment');
    expect(mail.smtp.to(quiet.email)).toEqual([]);
  }, 120_000);

  it('makes a reusable link to copy, and revokes it and an email invitation', async () => {
    const ownerPage = await logIn(ownerBrowser, owner, '#organization/users/invitations');
    const adminPage = await logIn(adminBrowser, admin, '#organization/users/invitations');
    await ownerPage.getByRole('main').getByRole('button', { name: 'Invite users' }).click();
    const dialog = ownerPage.getByRole('dialog', { name: 'Invite users to organization' });
    await dialog.getByLabel('Make a reusable invitation link').check();
    await dialog.getByLabel('Users join as').selectOption({ label: 'Guest' });
    await dialog.getByLabel('Invitation expires after').selectOption({ label: 'Never expires' });
    await dialog.getByRole('button', { name: 'Create link' }).click();
    const shown = dialog.getByLabel('Link to share');
    await shown.waitFor();
    const link = await shown.inputValue();
    expect(link).toMatch(new RegExp(`^http://${realm.api.host.replace(/\./g, '\\.')}/join/[a-z0-9]+/$`));
    await shootPeoplePage(ownerPage, 'invite-link');
    await dialog.getByRole('button', { name: 'Close' }).click();
    const reusable = (await invites()).find((invite) => invite.is_multiuse) as Json;
    expect(reusable).toEqual(expect.objectContaining({ link_url: link, invited_as: 600, expiry_date: null }));
    await pending(adminPage).getByText('Reusable invitation link').waitFor();

    const email = `zed-${realm.subdomain}@example.org`;
    await realm.ownerApi.post('invites', { invitee_emails: email, stream_ids: JSON.stringify([roomId]) });
    await pending(ownerPage).getByText(email).waitFor();
    await ownerPage.getByRole('button', { name: 'Revoke invitation link' }).click();
    await ownerPage.getByRole('button', { name: `Revoke invitation to ${email}` }).click();
    const gone = async (page: Page) => (await pending(page).getByText('Reusable invitation link').count()) + (await pending(page).getByText(email).count()) === 0;
    await until(async () => ((await gone(ownerPage)) ? true : undefined), 'both revoked on the page');
    expect((await invites()).filter((invite) => invite.is_multiuse || invite.email === email)).toEqual([]);
    await until(async () => ((await gone(adminPage)) ? true : undefined), 'both revoked on the other administrator’s page');
  }, 120_000);
});
