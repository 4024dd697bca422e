import {
  channelCreatedNotice,
  channelRenamedNotice,
  descriptionChangedNotice,
  permissionChangedNotice,
  permissionPolicyName,
  postingPermissionChangedNotice,
  retentionChangedNotice,
} from './channel-notices';

const iago = { id: 5, fullName: 'Iago' };
const pub = { inviteOnly: false, historyPublicToSubscribers: true, isWebPublic: false };
const shared = { inviteOnly: true, historyPublicToSubscribers: true, isWebPublic: false };
const protectedHistory = { inviteOnly: true, historyPublicToSubscribers: false, isWebPublic: false };

describe('channel notices', () => {
  it('names the permission policies as Zulip does', () => {
    expect(permissionPolicyName(pub)).toBe('Public');
    expect(permissionPolicyName(shared)).toBe('Private, shared history');
    expect(permissionPolicyName(protectedHistory)).toBe('Private, protected history');
    expect(permissionPolicyName({ ...pub, isWebPublic: true })).toBe('Web-public');
    expect(permissionPolicyName({ ...pub, historyPublicToSubscribers: false })).toBe('Public, protected history');
  });

  it('announces a created channel with its description quoted, or none', () => {
    expect(channelCreatedNotice(iago, { ...pub, description: 'Talk' })).toBe(
      '**Public** channel created by @_**Iago|5**. **Description:**\n```` quote\nTalk\n````',
    );
    expect(channelCreatedNotice(iago, { ...shared, description: '' })).toBe(
      '**Private, shared history** channel created by @_**Iago|5**. **Description:**\n```` quote\n*No description.*\n````',
    );
  });

  it('words renames, descriptions, access and retention changes', () => {
    expect(channelRenamedNotice(iago, 'old', 'new')).toBe('@_**Iago|5** renamed channel **old** to **new**.');
    expect(descriptionChangedNotice(iago, '', 'Now')).toBe(
      '@_**Iago|5** changed the description for this channel.\n\n' +
        '* **Old description:**\n```` quote\n*No description.*\n````\n' +
        '* **New description:**\n```` quote\nNow\n````',
    );
    expect(permissionChangedNotice(iago, pub, protectedHistory)).toBe(
      '@_**Iago|5** changed the [access permissions](/help/channel-permissions) for this channel from **Public** to **Private, protected history**.',
    );
    expect(retentionChangedNotice(iago, -1, 30)).toContain('* **Old retention period**: Forever\n* **New retention period**: 30 days\n\n'
      + 'Messages in this channel will now be automatically deleted 30 days after they are sent.');
    expect(retentionChangedNotice(iago, 30, -1)).toMatch(/30 days\n\* \*\*New retention period\*\*: Forever\n\nMessages in this channel will now be retained forever\.$/);
  });

  it('lists posting permission holders, groups first, each by id', () => {
    const before = { groups: [{ id: 9, name: 'role:everyone' }], users: [] };
    const after = { groups: [{ id: 12, name: 'design' }, { id: 8, name: 'role:administrators' }], users: [{ id: 7, fullName: 'Zoe' }, iago] };
    expect(postingPermissionChangedNotice(iago, before, after)).toBe(
      '@_**Iago|5** changed the [posting permissions](/help/channel-posting-policy) for this channel:\n\n' +
        '* **Old**: @_*role:everyone*\n' +
        '* **New**: @_*role:administrators*, @_*design*, @_**Iago|5**, @_**Zoe|7**\n',
    );
  });
});
