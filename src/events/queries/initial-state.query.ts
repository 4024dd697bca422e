import { IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import { withSharedReads } from '../../platform/database/unit-of-work';
import { RegisterStateContributors, RegisterStateOptions, StatePart } from '../../platform/events/state/register-state';
import { RealmDirectory } from '../../realm/queries/realm-directory';
import { Actor } from '../../shared/actor';
import { UserDirectory } from '../../users/queries/user-directory';

export type InitialStateOptions = RegisterStateOptions;

/**
 * The state half of `POST /register`, for the requested `fetch_event_types` (null: all).
 * Without a user, a spectator's state (Zulip's register with no user profile): the realm's
 * public parts, its web-public channels as subscriptions, and every personal part empty.
 */
export class InitialStateQuery {
  constructor(
    readonly user: Actor | null,
    readonly realmId: number,
    readonly fetchEventTypes: string[] | null,
    readonly options: InitialStateOptions,
  ) {}
}

/**
 * The sections of the state in the order of the answer's keys. Each module contributes
 * its own sections (`@RegisterStateContributor`, in its queries/ folder); this list only
 * places them.
 */
export const STATE_SECTION_ORDER = [
  'realm',
  'realm_user',
  'realm_bot',
  'realm_embedded_bots',
  'realm_incoming_webhook_bots',
  'subscription',
  'stream',
  'realm_user_groups',
  'custom_profile_fields',
  'onboarding_steps',
  'realm_linkifiers',
  'realm_filters',
  'realm_playgrounds',
  'realm_emoji',
  'user_status',
  'default_streams',
  'default_stream_groups',
  'max_message_id',
  'saved_snippets',
  'scheduled_messages',
  'unread_msgs',
  'starred_messages',
  'recent_private_conversations',
  'presence',
  'alert_words',
  'muted_users',
  'user_topic',
  'stop_words',
  'update_display_settings',
  'update_global_notifications',
  'realm_user_settings_defaults',
  'realm_domains',
  'drafts',
  'user_settings',
] as const;

@QueryHandler(InitialStateQuery)
export class InitialStateHandler implements IQueryHandler<InitialStateQuery, Record<string, unknown>> {
  constructor(
    private readonly users: UserDirectory,
    private readonly realms: RealmDirectory,
    private readonly contributors: RegisterStateContributors,
  ) {
    contributors.orderBy(STATE_SECTION_ORDER);
  }

  execute(query: InitialStateQuery): Promise<Record<string, unknown>> {
    // The sections look up some of the same things (the user, the realm, group settings,
    // the user's groups): each is read once.
    return withSharedReads(() => this.read(query));
  }

  private async read(query: InitialStateQuery): Promise<Record<string, unknown>> {
    const { user: requester, fetchEventTypes } = query;
    if (requester !== null) await this.users.requireById(requester.id);
    await this.realms.requireById(query.realmId);
    const sections = this.contributors.sectionsOf({
      viewerId: requester === null ? null : requester.id,
      realmId: query.realmId,
      fetchEventTypes,
      options: query.options,
      wants: (type) => fetchEventTypes === null || fetchEventTypes.includes(type),
    });
    // The sections read independently, a few at a time (each on a pool connection of its
    // own), and their parts are put together in this order, the order of the keys. All
    // at once, twenty backends contending for two cores spent twice the database CPU.
    // Sections that keep the database longest (`slow`) start first, so the rest overlap
    // them: a stable sort, each group in key order.
    const parts = sections.map(() => ({}) as StatePart);
    const order = [...sections.keys()].sort((a, b) => Number(sections[b].slow ?? false) - Number(sections[a].slow ?? false));
    await forEachLimit(order.length, SECTIONS_AT_ONCE, (position) => sections[order[position]].read(parts[order[position]]));
    return Object.assign({}, ...parts) as Record<string, unknown>;
  }
}

/** Register sections reading at once: enough to keep both sides busy, few enough not to contend. */
const SECTIONS_AT_ONCE = 3;

/** Runs `work` for 0..count-1, at most `limit` at a time, in index order of starting. */
async function forEachLimit(count: number, limit: number, work: (index: number) => Promise<void> | void): Promise<void> {
  let next = 0;
  const worker = async () => {
    while (next < count) await work(next++);
  };
  await Promise.all(Array.from({ length: Math.min(limit, count) }, worker));
}
