import type { RegisterAnswer, ServerEvent, WireBot, WireUser, WireUserTopic } from '../api/types';
import type { BotEntry, ClientState, UserTopicEntry } from './state';

type EventOf<T extends ServerEvent['type']> = Extract<ServerEvent, { type: T }>;

/** The key a topic's policy is kept under (ClientState.userTopics). */
export function userTopicKey(channelId: number, topic: string): string {
  return `${channelId}:${topic.toLowerCase()}`;
}

export function botEntry(bot: Pick<WireBot, 'user_id' | 'full_name' | 'email' | 'api_key' | 'bot_type' | 'owner_id' | 'is_active'> & Partial<Pick<WireBot, 'services'>>): BotEntry {
  return {
    id: bot.user_id,
    fullName: bot.full_name,
    email: bot.email,
    apiKey: bot.api_key,
    botType: bot.bot_type,
    ownerId: bot.owner_id ?? null,
    isActive: bot.is_active,
    services: bot.services ?? [],
  };
}

function userTopicEntry(topic: WireUserTopic): UserTopicEntry {
  return { channelId: topic.stream_id, topic: topic.topic_name, policy: topic.visibility_policy, lastUpdated: topic.last_updated };
}

function profileValues(profile: WireUser['profile_data']): Record<number, string> {
  const values: Record<number, string> = {};
  for (const [id, entry] of Object.entries(profile ?? {})) values[Number(id)] = entry.value;
  return values;
}

/** The settings pages' part of a register answer (store/register.ts joins it to the rest). */
export function settingsFromRegister(answer: RegisterAnswer): Pick<ClientState, 'settings' | 'alertWords' | 'mutedUsers' | 'userTopics' | 'bots' | 'profileFields' | 'profileData'> {
  const mutedUsers: Record<number, number> = {};
  for (const muted of answer.muted_users ?? []) mutedUsers[muted.id] = muted.timestamp;
  const userTopics: Record<string, UserTopicEntry> = {};
  for (const topic of answer.user_topics ?? []) {
    if (topic.visibility_policy !== 0) userTopics[userTopicKey(topic.stream_id, topic.topic_name)] = userTopicEntry(topic);
  }
  const bots: Record<number, BotEntry> = {};
  for (const bot of answer.realm_bots ?? []) bots[bot.user_id] = botEntry(bot);
  const profileData: Record<number, Record<number, string>> = {};
  for (const user of [...answer.realm_users, ...(answer.realm_non_active_users ?? [])]) if (user.profile_data !== undefined) profileData[user.user_id] = profileValues(user.profile_data);
  return {
    settings: { ...answer.user_settings },
    alertWords: [...(answer.alert_words ?? [])],
    mutedUsers,
    userTopics,
    bots,
    profileFields: [...(answer.custom_profile_fields ?? [])].sort((a, b) => a.order - b.order),
    profileData,
  };
}

export function applyAlertWords(state: ClientState, event: EventOf<'alert_words'>): ClientState {
  return { ...state, alertWords: [...event.alert_words] };
}

export function applyMutedUsers(state: ClientState, event: EventOf<'muted_users'>): ClientState {
  const mutedUsers: Record<number, number> = {};
  for (const muted of event.muted_users) mutedUsers[muted.id] = muted.timestamp;
  return { ...state, mutedUsers };
}

/** A policy of 0 means the topic follows its channel again: it leaves the list. */
export function applyUserTopic(state: ClientState, event: EventOf<'user_topic'>): ClientState {
  const key = userTopicKey(event.stream_id, event.topic_name);
  const userTopics = { ...state.userTopics };
  if (event.visibility_policy === 0) delete userTopics[key];
  else userTopics[key] = userTopicEntry(event);
  return { ...state, userTopics };
}

export function applyRealmBot(state: ClientState, event: EventOf<'realm_bot'>): ClientState {
  const bots = { ...state.bots };
  switch (event.op) {
    case 'add':
      bots[event.bot.user_id] = botEntry(event.bot);
      break;
    case 'update': {
      const known = bots[event.bot.user_id];
      if (known === undefined) return state;
      const bot = event.bot;
      bots[bot.user_id] = {
        ...known,
        ...(bot.full_name !== undefined ? { fullName: bot.full_name } : {}),
        ...(bot.api_key !== undefined ? { apiKey: bot.api_key } : {}),
        ...(bot.is_active !== undefined ? { isActive: bot.is_active } : {}),
        ...(bot.owner_id !== undefined ? { ownerId: bot.owner_id } : {}),
        ...(bot.services !== undefined ? { services: bot.services } : {}),
      };
      break;
    }
    case 'delete':
    case 'remove':
      delete bots[event.bot.user_id];
      break;
  }
  return { ...state, bots };
}

/** Uploaded files change only once they were fetched (the list is not register state). */
export function applyAttachment(state: ClientState, event: EventOf<'attachment'>): ClientState {
  if (state.attachments === null) return state;
  const attachments = { ...state.attachments };
  if (event.op === 'remove') delete attachments[event.attachment.id];
  else attachments[event.attachment.id] = event.attachment;
  return { ...state, attachments };
}

export function applyProfileFields(state: ClientState, event: EventOf<'custom_profile_fields'>): ClientState {
  return { ...state, profileFields: [...event.fields].sort((a, b) => a.order - b.order) };
}

/** A person's custom profile field value changed (`realm_user` update with `custom_profile_field`). */
export function withProfileValue(state: ClientState, userId: number, field: { id: number; value: string | null }): ClientState {
  const values: Record<number, string> = { ...(state.profileData[userId] ?? {}) };
  if (field.value === null || field.value === '') delete values[field.id];
  else values[field.id] = field.value;
  return { ...state, profileData: { ...state.profileData, [userId]: values } };
}

/** A person's profile values as a `realm_user` add gives them, or none once they are gone (`profile` undefined). */
export function withProfileOf(state: ClientState, userId: number, profile: WireUser['profile_data']): ClientState {
  const profileData = { ...state.profileData };
  if (profile === undefined) delete profileData[userId];
  else profileData[userId] = profileValues(profile);
  return { ...state, profileData };
}

/** Realm rules the settings pages follow, from a `realm` event's changes. */
export function withRealmRules(session: NonNullable<ClientState['session']>, changes: Readonly<Record<string, unknown>>): NonNullable<ClientState['session']> {
  let next = session;
  if (typeof changes.email_changes_disabled === 'boolean') next = { ...next, emailChangesDisabled: changes.email_changes_disabled };
  if (typeof changes.name_changes_disabled === 'boolean') next = { ...next, nameChangesDisabled: changes.name_changes_disabled };
  if (typeof changes.avatar_changes_disabled === 'boolean') next = { ...next, avatarChangesDisabled: changes.avatar_changes_disabled };
  return next;
}
