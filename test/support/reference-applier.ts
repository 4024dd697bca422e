/**
 * A client's view of the register state, kept up to date from queue events: the test's own
 * model of Zulip's `apply_event` (zerver/lib/events.py) and its web client, written from the
 * spec and Zulip's docs. It deliberately shares no code with the server, so a convergence
 * test compares the server's events against an independent reading of what they mean.
 *
 * `applyEvent` throws on an event it has no rule for: a new event type must be taught here
 * (and get a convergence case) before a test can pass with it.
 */

type State = Record<string, unknown>;
type Entry = Record<string, unknown>;
export interface AppliedEvent {
  id: number;
  type: string;
  [field: string]: unknown;
}

/** What the registration asked for, which decides how some events apply. */
export interface ApplierContext {
  userId: number;
  includeSubscribers: boolean;
  slimPresence: boolean;
  userListIncomplete: boolean;
}

interface Conversation {
  unread_message_ids: number[];
}
interface Unread {
  count: number;
  pms: (Conversation & { other_user_id: number; sender_id: number })[];
  streams: (Conversation & { stream_id: number; topic: string })[];
  huddles: (Conversation & { user_ids_string: string })[];
  mentions: number[];
  old_unreads_missing: boolean;
}

const CHANNEL_LISTS = ['subscriptions', 'unsubscribed', 'never_subscribed'] as const;
const MENTION_FLAGS = ['mentioned', 'stream_wildcard_mentioned', 'topic_wildcard_mentioned', 'group_mentioned'];

/**
 * Events that change no register state (typing is transient; reactions and submessages live
 * on messages; data exports and export consents have no register key, as in Zulip).
 */
const STATELESS = new Set(['heartbeat', 'typing', 'typing_edit_message', 'reaction', 'submessage', 'attachment', 'realm_export', 'realm_export_consent']);

export function applyEvents(state: State, events: readonly AppliedEvent[], context: ApplierContext): void {
  for (const event of events) applyEvent(state, event, context);
}

export function applyEvent(state: State, event: AppliedEvent, context: ApplierContext): void {
  if (STATELESS.has(event.type)) return;
  const rule = RULES[event.type];
  if (!rule) throw new Error(`reference applier: no rule for ${JSON.stringify(event)}`);
  rule(state, event, context);
}

type Rule = (state: State, event: AppliedEvent, context: ApplierContext) => void;

const RULES: Record<string, Rule> = {
  realm: applyRealm,
  realm_user: applyRealmUser,
  realm_bot: applyRealmBot,
  stream: applyStream,
  subscription: applySubscription,
  message: applyMessage,
  update_message: applyUpdateMessage,
  delete_message: applyDeleteMessage,
  update_message_flags: applyFlags,
  user_settings: (state, event) => {
    const settings = state.user_settings as Entry | undefined;
    if (settings) settings[event.property as string] = event.value;
  },
  update_display_settings: (state, event) => setIfPresent(state, event.setting_name as string, event.setting),
  update_global_notifications: (state, event) => setIfPresent(state, event.notification_name as string, event.setting),
  realm_user_settings_defaults: (state, event) => {
    const defaults = state.realm_user_settings_defaults as Entry | undefined;
    if (defaults) defaults[event.property as string] = event.value;
  },
  user_group: applyUserGroup,
  default_streams: (state, event) => setIfPresent(state, 'realm_default_streams', event.default_streams),
  default_stream_groups: (state, event) => setIfPresent(state, 'realm_default_stream_groups', event.default_stream_groups),
  custom_profile_fields: (state, event) => setIfPresent(state, 'custom_profile_fields', event.fields),
  realm_linkifiers: (state, event) => setIfPresent(state, 'realm_linkifiers', event.realm_linkifiers),
  realm_filters: (state, event) => setIfPresent(state, 'realm_filters', event.realm_filters),
  realm_playgrounds: (state, event) => setIfPresent(state, 'realm_playgrounds', event.realm_playgrounds),
  realm_emoji: (state, event) => setIfPresent(state, 'realm_emoji', event.realm_emoji),
  alert_words: (state, event) => setIfPresent(state, 'alert_words', event.alert_words),
  muted_users: (state, event) => setIfPresent(state, 'muted_users', event.muted_users),
  muted_topics: (state, event) => setIfPresent(state, 'muted_topics', event.muted_topics),
  user_topic: applyUserTopic,
  user_status: applyUserStatus,
  presence: applyPresence,
  drafts: applyDrafts,
  saved_snippets: applySavedSnippets,
  scheduled_messages: applyScheduledMessages,
  realm_domains: applyRealmDomains,
};

function setIfPresent(state: State, key: string, value: unknown): void {
  if (key in state) state[key] = structuredClone(value);
}

function list(state: State, key: string): Entry[] | undefined {
  return state[key] as Entry[] | undefined;
}

// Realm settings: `update` one property, `update_dict` several, all prefixed `realm_`.
function applyRealm(state: State, event: AppliedEvent): void {
  if (!('realm_name' in state)) return;
  if (event.op === 'update') state[`realm_${event.property as string}`] = event.value;
  else if (event.op === 'update_dict') {
    for (const [key, value] of Object.entries(event.data as Entry)) state[`realm_${key}`] = value;
  } else throw new Error(`realm op ${String(event.op)}`);
}

function applyRealmUser(state: State, event: AppliedEvent, ctx: ApplierContext): void {
  const active = list(state, 'realm_users');
  const inactive = list(state, 'realm_non_active_users');
  if (!active || !inactive) return;
  const person = event.person as Entry;
  const userId = person.user_id as number;
  const find = () => [active, inactive].map((users) => ({ users, index: users.findIndex((user) => user.user_id === userId) })).find((hit) => hit.index >= 0);
  if (event.op === 'add') {
    // Zulip's apply_event sets raw_users[id]: an add replaces what was there (a guest's
    // placeholder for a user who just came into view).
    const existing = find();
    if (existing) existing.users.splice(existing.index, 1);
    const { is_active: isActive, ...user } = structuredClone(person);
    (isActive === false ? inactive : active).push(user);
    return;
  }
  if (event.op === 'remove') {
    // A user the viewer can no longer access: Zulip's apply_event drops them from an
    // incomplete list, else puts its placeholder for inaccessible users in their place.
    dropSubscriber(state, userId);
    const hit = find();
    if (!hit) return;
    hit.users.splice(hit.index, 1);
    if (!ctx.userListIncomplete) active.push(inaccessibleUser(userId, person.full_name as string, state));
    return;
  }
  if (event.op !== 'update') throw new Error(`realm_user op ${String(event.op)}`);
  const hit = find();
  if (!hit) return;
  const user = hit.users[hit.index];
  const { user_id: _id, ...change } = person;
  if (typeof change.is_active === 'boolean') {
    hit.users.splice(hit.index, 1);
    (change.is_active ? active : inactive).push(user);
    // Zulip's apply_event: a deactivated user leaves subscriber lists and group memberships.
    if (!change.is_active) {
      dropSubscriber(state, userId);
      for (const group of list(state, 'realm_user_groups') ?? []) group.members = (group.members as number[]).filter((id) => id !== userId);
    }
    delete change.is_active;
  }
  if (change.custom_profile_field !== undefined) {
    const field = change.custom_profile_field as { id: number; value: unknown; rendered_value?: unknown };
    const profile = (user.profile_data ??= {}) as Record<string, unknown>;
    if (field.value === null) delete profile[String(field.id)];
    else profile[String(field.id)] = field.rendered_value === undefined ? { value: field.value } : { value: field.value, rendered_value: field.rendered_value };
    delete change.custom_profile_field;
  }
  if (change.new_email !== undefined) {
    change.email = change.new_email;
    delete change.new_email;
  }
  if (typeof change.role === 'number') {
    // Zulip's roles: owner 100, administrator 200, moderator 300, member 400, guest 600.
    const role = change.role;
    Object.assign(user, { is_owner: role === 100, is_admin: role <= 200, is_guest: role === 600 });
  }
  // Zulip's apply_event copies only the fields the state's entry has (`for field in p`).
  for (const [key, value] of Object.entries(change)) if (key in user) user[key] = value;
  if (userId === state.user_id) applyOwnUser(state, change);
}

function dropSubscriber(state: State, userId: number): void {
  for (const key of CHANNEL_LISTS) {
    for (const entry of list(state, key) ?? []) {
      if (Array.isArray(entry.subscribers)) entry.subscribers = (entry.subscribers as number[]).filter((id) => id !== userId);
    }
  }
}

/** Zulip's get_data_for_inaccessible_user, addressed at the realm's host. */
function inaccessibleUser(userId: number, fullName: string, state: State): Entry {
  const host = typeof state.realm_url === 'string' ? new URL(state.realm_url).hostname : '';
  return {
    email: `user${userId}@${host}`, user_id: userId, avatar_version: 1, is_admin: false, is_owner: false, is_guest: false,
    role: 400, is_bot: false, full_name: fullName, timezone: '', date_joined: '1970-01-01T00:00:00+00:00',
    delivery_email: null, avatar_url: '/static/images/unknown-user-avatar.png', profile_data: {},
  };
}

/** The register's top-level copies of the user's own fields. */
function applyOwnUser(state: State, change: Entry): void {
  for (const key of ['full_name', 'email', 'delivery_email', 'avatar_source', 'avatar_url', 'avatar_url_medium']) {
    if (change[key] !== undefined && key in state) state[key] = change[key];
  }
  if (typeof change.role === 'number') {
    const role = change.role;
    Object.assign(state, { is_owner: role === 100, is_admin: role <= 200, is_moderator: role === 300, is_guest: role === 600 });
  }
}

function applyRealmBot(state: State, event: AppliedEvent): void {
  const bots = list(state, 'realm_bots');
  if (!bots) return;
  const bot = event.bot as Entry;
  const index = bots.findIndex((entry) => entry.user_id === bot.user_id);
  if (event.op === 'add') {
    if (index < 0) bots.push(structuredClone(bot));
  } else if (event.op === 'update' || event.op === 'remove') {
    if (index >= 0) Object.assign(bots[index], event.op === 'remove' ? { is_active: false } : bot);
  } else if (event.op === 'delete') {
    if (index >= 0) bots.splice(index, 1);
  } else throw new Error(`realm_bot op ${String(event.op)}`);
}

function applyStream(state: State, event: AppliedEvent, ctx: ApplierContext): void {
  if (event.op === 'create') {
    for (const stream of event.streams as Entry[]) {
      const streams = list(state, 'streams');
      if (streams && !streams.some((entry) => entry.stream_id === stream.stream_id)) streams.push(structuredClone(stream));
      const never = list(state, 'never_subscribed');
      const listed = CHANNEL_LISTS.some((key) => list(state, key)?.some((entry) => entry.stream_id === stream.stream_id));
      if (never && !listed) never.push(ctx.includeSubscribers ? { ...structuredClone(stream), subscribers: [] } : structuredClone(stream));
    }
  } else if (event.op === 'delete') {
    const gone = new Set((event.streams as Entry[]).map((stream) => stream.stream_id));
    for (const key of ['streams', ...CHANNEL_LISTS]) {
      const entries = list(state, key);
      if (entries) state[key] = entries.filter((entry) => !gone.has(entry.stream_id));
    }
  } else if (event.op === 'update') {
    const property = event.property as string;
    for (const key of ['streams', ...CHANNEL_LISTS]) {
      for (const entry of list(state, key) ?? []) {
        if (entry.stream_id !== event.stream_id) continue;
        entry[property] = structuredClone(event.value);
        // Companions Zulip sends with some properties.
        if (property === 'description') entry.rendered_description = event.rendered_description;
        if (property === 'invite_only') {
          entry.history_public_to_subscribers = event.history_public_to_subscribers;
          entry.is_web_public = event.is_web_public;
        }
      }
    }
  } else throw new Error(`stream op ${String(event.op)}`);
}

function applySubscription(state: State, event: AppliedEvent, ctx: ApplierContext): void {
  const subscriptions = list(state, 'subscriptions');
  if (!subscriptions) return;
  const unsubscribed = list(state, 'unsubscribed') as Entry[];
  const never = list(state, 'never_subscribed') as Entry[];
  const without = (entries: Entry[], ids: Set<unknown>) => entries.filter((entry) => !ids.has(entry.stream_id));
  switch (event.op) {
    case 'add': {
      const added = (event.subscriptions as Entry[]).map((entry) => structuredClone(entry));
      const ids = new Set(added.map((entry) => entry.stream_id));
      if (!ctx.includeSubscribers) for (const entry of added) delete entry.subscribers;
      state.subscriptions = [...without(subscriptions, ids), ...added];
      state.unsubscribed = without(unsubscribed, ids);
      state.never_subscribed = without(never, ids);
      return;
    }
    case 'remove': {
      const ids = new Set((event.subscriptions as Entry[]).map((entry) => entry.stream_id));
      const leaving = subscriptions.filter((entry) => ids.has(entry.stream_id));
      for (const entry of leaving) {
        if (Array.isArray(entry.subscribers)) entry.subscribers = (entry.subscribers as number[]).filter((id) => id !== ctx.userId);
      }
      state.subscriptions = without(subscriptions, ids);
      state.unsubscribed = [...without(unsubscribed, ids), ...leaving];
      return;
    }
    case 'update': {
      const entry = subscriptions.find((item) => item.stream_id === event.stream_id);
      if (!entry) return;
      entry[event.property as string] = event.value;
      // Zulip keeps the legacy inverse in step.
      if (event.property === 'in_home_view') entry.is_muted = !(event.value as boolean);
      if (event.property === 'is_muted') entry.in_home_view = !(event.value as boolean);
      return;
    }
    case 'peer_add':
    case 'peer_remove': {
      const streamIds = event.stream_ids as number[];
      const userIds = event.user_ids as number[];
      for (const key of CHANNEL_LISTS) {
        for (const entry of list(state, key) ?? []) {
          if (!streamIds.includes(entry.stream_id as number) || !Array.isArray(entry.subscribers)) continue;
          const current = new Set(entry.subscribers as number[]);
          for (const id of userIds) {
            if (event.op === 'peer_add') current.add(id);
            else current.delete(id);
          }
          entry.subscribers = [...current].sort((a, b) => a - b);
        }
      }
      return;
    }
    default:
      throw new Error(`subscription op ${String(event.op)}`);
  }
}

interface WireMessage {
  id: number;
  type: string;
  stream_id?: number;
  subject: string;
  sender_id: number;
  display_recipient: string | { id: number }[];
}

function applyMessage(state: State, event: AppliedEvent, ctx: ApplierContext): void {
  const message = event.message as WireMessage;
  const flags = (event.flags as string[] | undefined) ?? [];
  if (typeof state.max_message_id === 'number') state.max_message_id = Math.max(state.max_message_id, message.id);
  if (message.type === 'stream') {
    for (const key of ['streams', ...CHANNEL_LISTS]) {
      for (const entry of list(state, key) ?? []) {
        if (entry.stream_id === message.stream_id && entry.first_message_id === null) entry.first_message_id = message.id;
      }
    }
  }
  const unread = state.unread_msgs as Unread | undefined;
  if (unread && !flags.includes('read')) {
    const others = message.type === 'stream' ? [] : (message.display_recipient as { id: number }[]).map((user) => user.id).filter((id) => id !== ctx.userId);
    addUnread(unread, message.id, {
      type: message.type === 'stream' ? 'stream' : 'private',
      stream_id: message.stream_id,
      topic: message.subject,
      user_ids: others,
      mentioned: flags.some((flag) => MENTION_FLAGS.includes(flag)),
    }, ctx.userId);
  }
  const recent = list(state, 'recent_private_conversations');
  if (recent && message.type === 'private') {
    const userIds = (message.display_recipient as { id: number }[]).map((user) => user.id).filter((id) => id !== ctx.userId).sort((a, b) => a - b);
    const key = userIds.join(',');
    const known = recent.find((entry) => (entry.user_ids as number[]).join(',') === key);
    if (known) known.max_message_id = Math.max(known.max_message_id as number, message.id);
    else recent.push({ max_message_id: message.id, user_ids: userIds });
    recent.sort((a, b) => (b.max_message_id as number) - (a.max_message_id as number));
  }
}

interface UnreadDetail {
  type: 'stream' | 'private';
  stream_id?: number;
  topic?: string;
  user_ids?: number[];
  mentioned?: boolean;
}

function addUnread(unread: Unread, id: number, detail: UnreadDetail, userId: number): void {
  let ids: number[];
  if (detail.type === 'stream') {
    const topic = detail.topic ?? '';
    let entry = unread.streams.find((item) => item.stream_id === detail.stream_id && item.topic.toLowerCase() === topic.toLowerCase());
    if (!entry) {
      entry = { stream_id: detail.stream_id as number, topic, unread_message_ids: [] };
      unread.streams.push(entry);
    } else if (entry.unread_message_ids.every((known) => known > id)) {
      // The conversation is spelled as its oldest unread message spells it.
      entry.topic = topic;
    }
    ids = entry.unread_message_ids;
  } else {
    const others = detail.user_ids ?? [];
    if (others.length <= 1) {
      const other = others[0] ?? userId;
      let entry = unread.pms.find((item) => item.other_user_id === other);
      if (!entry) {
        entry = { other_user_id: other, sender_id: other, unread_message_ids: [] };
        unread.pms.push(entry);
      }
      ids = entry.unread_message_ids;
    } else {
      const key = [...others, userId].sort((a, b) => a - b).join(',');
      let entry = unread.huddles.find((item) => item.user_ids_string === key);
      if (!entry) {
        entry = { user_ids_string: key, unread_message_ids: [] };
        unread.huddles.push(entry);
      }
      ids = entry.unread_message_ids;
    }
  }
  if (!ids.includes(id)) {
    ids.push(id);
    ids.sort((a, b) => a - b);
  }
  if (detail.mentioned === true && !unread.mentions.includes(id)) {
    unread.mentions.push(id);
    unread.mentions.sort((a, b) => a - b);
  }
  recount(unread);
}

function removeUnread(unread: Unread, gone: Set<number>): void {
  unread.pms = unread.pms.filter((entry) => (entry.unread_message_ids = entry.unread_message_ids.filter((id) => !gone.has(id))).length > 0);
  unread.streams = unread.streams.filter((entry) => (entry.unread_message_ids = entry.unread_message_ids.filter((id) => !gone.has(id))).length > 0);
  unread.huddles = unread.huddles.filter((entry) => (entry.unread_message_ids = entry.unread_message_ids.filter((id) => !gone.has(id))).length > 0);
  unread.mentions = unread.mentions.filter((id) => !gone.has(id));
  recount(unread);
}

function recount(unread: Unread): void {
  unread.count = [...unread.pms, ...unread.streams, ...unread.huddles].reduce((sum, entry) => sum + entry.unread_message_ids.length, 0);
}

function applyFlags(state: State, event: AppliedEvent): void {
  const ids = event.messages as number[];
  if (event.flag === 'starred') {
    const starred = state.starred_messages as number[] | undefined;
    if (!starred) return;
    const set = new Set(starred);
    for (const id of ids) {
      if (event.op === 'add') set.add(id);
      else set.delete(id);
    }
    state.starred_messages = [...set].sort((a, b) => a - b);
    return;
  }
  const unread = state.unread_msgs as Unread | undefined;
  if (event.flag !== 'read' || !unread) return;
  if (event.op === 'add') {
    if (event.all === true) Object.assign(unread, { pms: [], streams: [], huddles: [], mentions: [], count: 0, old_unreads_missing: false });
    else removeUnread(unread, new Set(ids));
    return;
  }
  const userId = state.user_id as number | undefined;
  for (const [id, detail] of Object.entries(event.message_details as Record<string, UnreadDetail>)) {
    addUnread(unread, Number(id), detail, userId ?? -1);
  }
}

/** Moved messages change conversation in `unread_msgs`; content edits change no register state. */
function applyUpdateMessage(state: State, event: AppliedEvent): void {
  const unread = state.unread_msgs as Unread | undefined;
  if (!unread || event.rendering_only === true) return;
  const newStreamId = event.new_stream_id as number | undefined;
  const newTopic = event.subject as string | undefined;
  if (newStreamId === undefined && newTopic === undefined) return;
  const moved = new Set(event.message_ids as number[]);
  const movedUnread: { id: number; streamId: number; topic: string; mentioned: boolean }[] = [];
  for (const entry of unread.streams) {
    for (const id of entry.unread_message_ids) {
      if (moved.has(id)) movedUnread.push({ id, streamId: newStreamId ?? entry.stream_id, topic: newTopic ?? entry.topic, mentioned: unread.mentions.includes(id) });
    }
  }
  removeUnread(unread, new Set(movedUnread.map((item) => item.id)));
  for (const item of movedUnread) {
    addUnread(unread, item.id, { type: 'stream', stream_id: item.streamId, topic: item.topic, mentioned: item.mentioned }, -1);
  }
}

function applyDeleteMessage(state: State, event: AppliedEvent): void {
  const ids = Array.isArray(event.message_ids) ? (event.message_ids as number[]) : [event.message_id as number];
  const unread = state.unread_msgs as Unread | undefined;
  if (unread) removeUnread(unread, new Set(ids));
  if (Array.isArray(state.starred_messages)) state.starred_messages = (state.starred_messages as number[]).filter((id) => !ids.includes(id));
  // Zulip's apply_event rereads max_message_id and recent conversations from the database;
  // a client cannot, so convergence cases never delete a conversation's newest message.
}

function applyUserGroup(state: State, event: AppliedEvent): void {
  const groups = list(state, 'realm_user_groups');
  if (!groups) return;
  if (event.op === 'add') {
    groups.push(structuredClone(event.group as Entry));
    return;
  }
  const group = groups.find((entry) => entry.id === event.group_id);
  if (event.op === 'remove') {
    state.realm_user_groups = groups.filter((entry) => entry.id !== event.group_id);
    return;
  }
  if (!group) return;
  const edit = (key: string, ids: number[], add: boolean) => {
    const set = new Set(group[key] as number[]);
    for (const id of ids) {
      if (add) set.add(id);
      else set.delete(id);
    }
    group[key] = [...set].sort((a, b) => a - b);
  };
  switch (event.op) {
    case 'update':
      Object.assign(group, structuredClone(event.data as Entry));
      return;
    case 'add_members':
    case 'remove_members':
      edit('members', event.user_ids as number[], event.op === 'add_members');
      return;
    case 'add_subgroups':
    case 'remove_subgroups':
      edit('direct_subgroup_ids', event.direct_subgroup_ids as number[], event.op === 'add_subgroups');
      return;
    default:
      throw new Error(`user_group op ${String(event.op)}`);
  }
}

function applyUserTopic(state: State, event: AppliedEvent): void {
  const topics = list(state, 'user_topics');
  if (!topics) return;
  const { id: _id, type: _type, ...entry } = event;
  const topic = (event.topic_name as string).toLowerCase();
  const rest = topics.filter((item) => !(item.stream_id === event.stream_id && (item.topic_name as string).toLowerCase() === topic));
  state.user_topics = event.visibility_policy === 0 ? rest : [...rest, entry];
}

function applyUserStatus(state: State, event: AppliedEvent): void {
  const statuses = state.user_status as Record<string, Entry> | undefined;
  if (!statuses) return;
  const key = String(event.user_id);
  const status: Entry = { ...(statuses[key] ?? {}) };
  if (typeof event.away === 'boolean') {
    if (event.away) status.away = true;
    else delete status.away;
  }
  if (typeof event.status_text === 'string') {
    if (event.status_text === '') delete status.status_text;
    else status.status_text = event.status_text;
  }
  if (typeof event.emoji_name === 'string') {
    if (event.emoji_name === '') {
      delete status.emoji_name;
      delete status.emoji_code;
      delete status.reaction_type;
    } else Object.assign(status, { emoji_name: event.emoji_name, emoji_code: event.emoji_code, reaction_type: event.reaction_type });
  }
  if (Object.keys(status).length === 0) delete statuses[key];
  else statuses[key] = status;
}

/** A presence report replaces the user's entry (legacy: by email; slim: by id, keeping the last active time). */
function applyPresence(state: State, event: AppliedEvent, ctx: ApplierContext): void {
  const presences = state.presences as Record<string, Entry> | undefined;
  if (!presences) return;
  const reports = event.presence as Record<string, { client: string; status: string; timestamp: number; pushable: boolean }>;
  const newest = Object.values(reports).sort((a, b) => b.timestamp - a.timestamp)[0];
  if (!ctx.slimPresence) {
    presences[event.email as string] = { aggregated: { client: newest.client, status: newest.status, timestamp: newest.timestamp }, ...structuredClone(reports) };
    return;
  }
  const key = String(event.user_id);
  const known = presences[key];
  presences[key] = newest.status === 'active'
    ? { active_timestamp: newest.timestamp, idle_timestamp: newest.timestamp }
    : { active_timestamp: known?.active_timestamp ?? newest.timestamp, idle_timestamp: newest.timestamp };
}

function applyDrafts(state: State, event: AppliedEvent): void {
  const drafts = list(state, 'drafts');
  if (!drafts) return;
  if (event.op === 'add') drafts.push(...structuredClone(event.drafts as Entry[]));
  else if (event.op === 'update') {
    const draft = event.draft as Entry;
    state.drafts = [...drafts.filter((entry) => entry.id !== draft.id), structuredClone(draft)];
  } else if (event.op === 'remove') state.drafts = drafts.filter((entry) => entry.id !== event.draft_id);
  else throw new Error(`drafts op ${String(event.op)}`);
  // Newest edit first, as Zulip lists them.
  (state.drafts as Entry[]).sort((a, b) => (b.timestamp as number) - (a.timestamp as number) || (b.id as number) - (a.id as number));
}

/** Zulip's apply_event: `add` appends, `update` replaces the snippet of that id, `remove` drops it. */
function applySavedSnippets(state: State, event: AppliedEvent): void {
  const snippets = list(state, 'saved_snippets');
  if (!snippets) return;
  if (event.op === 'add') snippets.push(structuredClone(event.saved_snippet as Entry));
  else if (event.op === 'update') {
    const snippet = event.saved_snippet as Entry;
    state.saved_snippets = snippets.map((entry) => (entry.id === snippet.id ? structuredClone(snippet) : entry));
  } else if (event.op === 'remove') state.saved_snippets = snippets.filter((entry) => entry.id !== event.saved_snippet_id);
  else throw new Error(`saved_snippets op ${String(event.op)}`);
}

/** Zulip's apply_event: `add` appends, `change` sets `allow_subdomains` of that domain, `remove` drops it. */
function applyRealmDomains(state: State, event: AppliedEvent): void {
  const domains = list(state, 'realm_domains');
  if (!domains) return;
  if (event.op === 'add') domains.push(structuredClone(event.realm_domain as Entry));
  else if (event.op === 'change') {
    const changed = event.realm_domain as Entry;
    for (const entry of domains) if (entry.domain === changed.domain) entry.allow_subdomains = changed.allow_subdomains;
  } else if (event.op === 'remove') state.realm_domains = domains.filter((entry) => entry.domain !== event.domain);
  else throw new Error(`realm_domains op ${String(event.op)}`);
}

/**
 * Zulip's apply_event: `add` appends and keeps the list soonest first, `update` replaces the
 * message of that id, `remove` drops it (deleted, or sent).
 */
function applyScheduledMessages(state: State, event: AppliedEvent): void {
  const messages = list(state, 'scheduled_messages');
  if (!messages) return;
  const soonestFirst = (entries: Entry[]): Entry[] =>
    entries.sort((a, b) => (a.scheduled_delivery_timestamp as number) - (b.scheduled_delivery_timestamp as number)
      || (a.scheduled_message_id as number) - (b.scheduled_message_id as number));
  const idOf = (entry: Entry): number => entry.scheduled_message_id as number;
  if (event.op === 'add') {
    state.scheduled_messages = soonestFirst([...messages, ...(event.scheduled_messages as Entry[]).map((entry) => structuredClone(entry))]);
  } else if (event.op === 'update') {
    const message = event.scheduled_message as Entry;
    state.scheduled_messages = soonestFirst(messages.map((entry) => (idOf(entry) === idOf(message) ? structuredClone(message) : entry)));
  } else if (event.op === 'remove') {
    state.scheduled_messages = messages.filter((entry) => idOf(entry) !== event.scheduled_message_id);
  } else throw new Error(`scheduled_messages op ${String(event.op)}`);
}
