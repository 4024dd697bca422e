/**
 * What the realm's notification bot posts in a channel's "channel events" topic when the
 * channel is created or its settings change: Zulip 10's texts (zerver/actions/streams.py),
 * in Markdown, naming the acting user with a silent mention.
 */

/** Zulip's `Realm.STREAM_EVENTS_NOTIFICATION_TOPIC_NAME`. */
export const CHANNEL_EVENTS_TOPIC = 'channel events';

export interface NoticeActor {
  id: number;
  fullName: string;
}

export interface ChannelPrivacy {
  inviteOnly: boolean;
  historyPublicToSubscribers: boolean;
  isWebPublic: boolean;
}

/** Zulip's `silent_mention_syntax_for_user`. */
export function silentUserMention(user: NoticeActor): string {
  return `@_**${user.fullName}|${user.id}**`;
}

/** Zulip's `get_stream_permission_policy_name`. */
export function permissionPolicyName(channel: ChannelPrivacy): string {
  if (channel.isWebPublic) return 'Web-public';
  if (channel.inviteOnly) return channel.historyPublicToSubscribers ? 'Private, shared history' : 'Private, protected history';
  return channel.historyPublicToSubscribers ? 'Public' : 'Public, protected history';
}

function quoted(description: string): string {
  return `\n\`\`\`\` quote\n${description === '' ? '*No description.*' : description}\n\`\`\`\``;
}

export function channelCreatedNotice(actor: NoticeActor, channel: ChannelPrivacy & { description: string }): string {
  return `**${permissionPolicyName(channel)}** channel created by ${silentUserMention(actor)}. **Description:**${quoted(channel.description)}`;
}

export function channelRenamedNotice(actor: NoticeActor, oldName: string, newName: string): string {
  return `${silentUserMention(actor)} renamed channel **${oldName}** to **${newName}**.`;
}

export function descriptionChangedNotice(actor: NoticeActor, oldDescription: string, newDescription: string): string {
  return (
    `${silentUserMention(actor)} changed the description for this channel.\n\n` +
    `* **Old description:**${quoted(oldDescription)}\n` +
    `* **New description:**${quoted(newDescription)}`
  );
}

export function permissionChangedNotice(actor: NoticeActor, before: ChannelPrivacy, after: ChannelPrivacy): string {
  return (
    `${silentUserMention(actor)} changed the [access permissions](/help/channel-permissions) for this channel ` +
    `from **${permissionPolicyName(before)}** to **${permissionPolicyName(after)}**.`
  );
}

/**
 * Retention periods in days; -1 is "forever". A channel's `null` (the realm's default)
 * is resolved to the realm's period by the caller, as Zulip does.
 */
export function retentionChangedNotice(actor: NoticeActor, oldDays: number, newDays: number): string {
  const period = (days: number) => (days === -1 ? 'Forever' : `${days} days`);
  const summary = newDays === -1
    ? 'Messages in this channel will now be retained forever.'
    : `Messages in this channel will now be automatically deleted ${newDays} days after they are sent.`;
  return (
    `${silentUserMention(actor)} has changed the [message retention period](/help/message-retention-policy) for this channel:\n` +
    `* **Old retention period**: ${period(oldDays)}\n` +
    `* **New retention period**: ${period(newDays)}\n\n` +
    summary
  );
}

/** Who a group-setting value names: groups (by id order) then users (by id order), as silent mentions. */
export interface SettingHolders {
  groups: { id: number; name: string }[];
  users: NoticeActor[];
}

/** Zulip's `get_users_string_with_permission`. */
export function holdersText(holders: SettingHolders): string {
  const groups = [...holders.groups].sort((a, b) => a.id - b.id).map((group) => `@_*${group.name}*`);
  const users = [...holders.users].sort((a, b) => a.id - b.id).map(silentUserMention);
  return [...groups, ...users].join(', ');
}

export function postingPermissionChangedNotice(actor: NoticeActor, before: SettingHolders, after: SettingHolders): string {
  return (
    `${silentUserMention(actor)} changed the [posting permissions](/help/channel-posting-policy) for this channel:\n\n` +
    `* **Old**: ${holdersText(before)}\n` +
    `* **New**: ${holdersText(after)}\n`
  );
}
