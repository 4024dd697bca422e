import { Injectable } from '@nestjs/common';
import { ChannelPolicy, PolicyActor } from '../../channels/public/channel-policy';
import { ChannelDirectory } from '../../channels/queries/channel-directory';
import { PolicyActorLoader } from '../../channels/access/policy-actor.loader';
import { StreamRow } from '../../channels/public/stream-row';
import { isGuest } from '../../shared/roles';
import { UserRow } from '../../users/public/user-row';
import { UserDirectory } from '../../users/queries/user-directory';
import { UserByEmailReader } from '../../users/queries/user-by-email.reader';
import { Actor } from '../../shared/actor';
import { MAX_STORED_ID, MessageCondition, negate, readsFlags } from '../public/message-condition';
import { FLAG_BITS, MENTION_BITS } from '../../shared/message-flags';
import { badNarrow, checkNotBothChannelAndDm, IsOperand, mayIncludeHistory, NarrowFilter } from '../domain/narrow';
import { likeContaining, parseSearchText, SearchText } from '../domain/search-text';
import { MessageAccess } from '../access/message-access';
import { ConversationRepository } from '../persistence/conversation.repository';
import { MessageSearchRepository } from '../persistence/message-search.repository';
import { Database } from '../../platform/database/database';

/** A narrow as conditions on rows, and whether it may read beyond the user's own rows. */
export interface ResolvedNarrow {
  conditions: MessageCondition[];
  includeHistory: boolean;
  /** The narrow's search, when it has one: results carry `match_content` and `match_subject`. */
  search: SearchText | null;
}

const HAS_COLUMNS = { link: 'has_link', image: 'has_image', attachment: 'has_attachment' } as const;

const IS_CONDITIONS: Record<Exclude<IsOperand, 'followed' | 'muted'>, MessageCondition> = {
  dm: { kind: 'flags', mask: FLAG_BITS.is_private, set: true },
  unread: { kind: 'flags', mask: FLAG_BITS.read, set: false },
  starred: { kind: 'flags', mask: FLAG_BITS.starred, set: true },
  mentioned: { kind: 'flags', mask: MENTION_BITS, set: true },
  alerted: { kind: 'flags', mask: FLAG_BITS.has_alert_word, set: true },
  resolved: { kind: 'resolved' },
};

/** Per-request lookups the resolver shares between terms. */
interface Lookup {
  user: Actor;
  self?: UserRow;
  actor?: PolicyActor;
}

/**
 * Turns a classified narrow into conditions: looks up channels and users in the user's
 * realm (Zulip's `BAD_NARROW` for unknown ones) and decides whether history beyond the
 * user's own rows may be read: only when a non-negated channel term names channels whose
 * history the user may read, so every row found lies in such a channel.
 */
@Injectable()
export class NarrowResolver {
  constructor(
    private readonly channels: ChannelDirectory,
    private readonly users: UserDirectory,
    private readonly conversations: ConversationRepository,
    private readonly search: MessageSearchRepository,
    private readonly actors: PolicyActorLoader,
    private readonly access: MessageAccess,
    private readonly emails: UserByEmailReader,
    private readonly database: Database,
  ) {}

  async resolve(user: Actor, classified: readonly NarrowFilter[]): Promise<ResolvedNarrow> {
    const lookup: Lookup = { user };
    const filters = await this.replaceWith(lookup, classified);
    const conditions: MessageCondition[] = [];
    let historyGranted = false;
    let search: SearchText | null = null;
    // Zulip keeps a channel's own mute out of `in:home` when the narrow names the channel.
    const namesChannel = filters.some((filter) => filter.kind === 'channel');
    for (const filter of filters) {
      switch (filter.kind) {
        case 'channel': {
          const { stream, subscribed } = await this.channel(lookup, filter.channel);
          conditions.push(negate({ kind: 'recipient-in', recipientIds: [stream.recipientId as number] }, filter.negated));
          if (!filter.negated && (await this.mayReadHistory(lookup, stream, subscribed))) historyGranted = true;
          break;
        }
        case 'channels': {
          const streams = (await this.channels.listInRealm(user.realmId)).filter((stream) =>
            filter.which === 'public'
              ? !stream.inviteOnly && stream.historyPublicToSubscribers && !stream.deactivated
              : stream.isWebPublic && !stream.deactivated,
          );
          const recipientIds = streams.map((stream) => stream.recipientId as number);
          conditions.push(negate({ kind: 'recipient-in', recipientIds }, filter.negated));
          // Zulip's `ok_to_include_history`: only `channels:public`, for users who may read public channels.
          if (!filter.negated && filter.which === 'public' && !isGuest(user.role)) historyGranted = true;
          break;
        }
        case 'topic':
          conditions.push(negate({ kind: 'topic', topic: filter.topic }, filter.negated));
          break;
        case 'sender': {
          const sender = await this.user(lookup, filter.user);
          if (!sender) throw badNarrow(`unknown user ${String(filter.user)}`);
          conditions.push(negate({ kind: 'sender', userId: sender.id }, filter.negated));
          break;
        }
        case 'dm':
          conditions.push(negate(await this.conversation(lookup, filter.users, filter.operandText), filter.negated));
          break;
        case 'dm-including':
          conditions.push(negate(await this.including(lookup, filter.user), filter.negated));
          break;
        case 'group-pm-with':
          conditions.push(negate(await this.groupsWith(lookup, filter.user), filter.negated));
          break;
        case 'is':
          if (filter.what === 'followed') conditions.push(negate({ kind: 'followed', userId: user.id }, filter.negated));
          else if (filter.what === 'muted') conditions.push(negate({ kind: 'muted', userId: user.id, channelMutes: true }, filter.negated));
          else conditions.push(negate(IS_CONDITIONS[filter.what], filter.negated));
          break;
        case 'in':
          if (filter.what === 'home') {
            const muted: MessageCondition = { kind: 'muted', userId: user.id, channelMutes: !namesChannel };
            conditions.push(negate({ kind: 'not', condition: muted }, filter.negated));
          } else if (filter.negated) {
            conditions.push({ kind: 'none' });
          }
          break;
        case 'search':
          search = parseSearchText(filter.operands);
          for (const phrase of search.phrases) conditions.push({ kind: 'phrase', pattern: likeContaining(phrase) });
          conditions.push({ kind: 'text-search', words: search.words, prefix: search.prefix });
          break;
        case 'with':
          break;
        case 'id':
          conditions.push(negate(filter.id > MAX_STORED_ID ? { kind: 'none' } : { kind: 'id', id: filter.id }, filter.negated));
          break;
        case 'has':
          conditions.push(
            negate(filter.what === 'reaction' ? { kind: 'has-reaction' } : { kind: 'has-column', column: HAS_COLUMNS[filter.what] }, filter.negated),
          );
          break;
        case 'near':
          break;
      }
    }
    const includeHistory = historyGranted && mayIncludeHistory(filters) && !conditions.some(readsFlags);
    return { conditions, includeHistory, search };
  }

  /**
   * Zulip's `update_narrow_terms_containing_with_operator`: a `with` term becomes the
   * current conversation of its message (replacing channel, topic and dm terms) when the
   * user may read the message; otherwise it is dropped if the other terms name a
   * conversation already, and refused if not.
   */
  private async replaceWith(lookup: Lookup, filters: readonly NarrowFilter[]): Promise<NarrowFilter[]> {
    const withFilter = filters.find((filter) => filter.kind === 'with');
    if (!withFilter || withFilter.kind !== 'with') return [...filters];
    const rest = filters.filter((filter) => filter.kind !== 'with');
    const conversation = await this.conversationOf(lookup, withFilter.id);
    if (conversation === null) {
      const namesConversation =
        (rest.some((filter) => filter.kind === 'channel') && rest.some((filter) => filter.kind === 'topic')) ||
        rest.some((filter) => filter.kind === 'dm');
      if (!namesConversation) throw badNarrow("Invalid 'with' operator");
      checkNotBothChannelAndDm(rest);
      return rest;
    }
    const kept = rest.filter((filter) => filter.kind !== 'channel' && filter.kind !== 'topic' && filter.kind !== 'dm');
    const rewritten = [...conversation, ...kept];
    checkNotBothChannelAndDm(rewritten);
    return rewritten;
  }

  /** The terms naming a message's conversation, or null if the user may not read it. */
  private async conversationOf(lookup: Lookup, messageId: number): Promise<NarrowFilter[] | null> {
    if (messageId > MAX_STORED_ID) return null;
    try {
      await this.access.require(lookup.user, messageId);
    } catch {
      return null;
    }
    const row = await this.search.conversationRow(messageId);
    if (!row) return null;
    if (row.streamId !== null) {
      return [
        { kind: 'channel', channel: row.streamId, negated: false },
        { kind: 'topic', topic: row.topic, negated: false },
      ];
    }
    return [{ kind: 'dm', users: row.participantIds, operandText: `[${row.participantIds.join(', ')}]`, negated: false }];
  }

  /** `group-pm-with`: the group DMs the requester shares with that user. */
  private async groupsWith(lookup: Lookup, operand: string | number): Promise<MessageCondition> {
    const other = await this.user(lookup, operand);
    if (!other) throw badNarrow(`unknown user ${String(operand)}`);
    const groups = await this.search.sharedGroupRecipients(lookup.user.id, other.id);
    return { kind: 'recipient-in', recipientIds: groups };
  }

  private async channel(lookup: Lookup, operand: string | number): Promise<{ stream: StreamRow; subscribed: boolean }> {
    const { user } = lookup;
    const found = await this.channels.findForSubscriber(user.realmId, typeof operand === 'number' ? operand : operand.trim(), user.id);
    if (!found || found.stream.recipientId === null) throw badNarrow(`unknown channel ${String(operand)}`);
    return found;
  }

  private async mayReadHistory(lookup: Lookup, stream: StreamRow, subscribed: boolean): Promise<boolean> {
    // Where the channel alone or the subscription settles it, the policy's answer does not
    // depend on the actor: the common case (a member reading its channel) skips loading it.
    if (stream.isWebPublic) return true;
    if (!stream.historyPublicToSubscribers) return false;
    if (subscribed) return true;
    lookup.actor ??= await this.actors.load(lookup.user.id);
    return ChannelPolicy.canReadHistory(lookup.actor, stream, subscribed);
  }

  /** `dm`: exactly that conversation, with the requester as a participant. */
  private async conversation(lookup: Lookup, operands: readonly (string | number)[], operandText: string): Promise<MessageCondition> {
    const self = await this.self(lookup);
    const participants = new Map<number, UserRow>([[self.id, self]]);
    for (const operand of operands) {
      const found = await this.user(lookup, operand);
      if (!found) throw badNarrow(`unknown user in ${operandText}`);
      participants.set(found.id, found);
    }
    if (participants.size >= 3) {
      const recipientId = await this.conversations.findGroupRecipient([...participants.keys()]);
      return recipientId === null ? { kind: 'none' } : { kind: 'recipient-in', recipientIds: [recipientId] };
    }
    const other = [...participants.values()].find((participant) => participant.id !== self.id);
    if (!other) return { kind: 'direct', senderId: self.id, recipientId: self.recipientId as number };
    return {
      kind: 'any-of',
      conditions: [
        { kind: 'direct', senderId: other.id, recipientId: self.recipientId as number },
        { kind: 'direct', senderId: self.id, recipientId: other.recipientId as number },
      ],
    };
  }

  /** `dm-including`: every DM (1:1 or group) the requester shares with that user. */
  private async including(lookup: Lookup, operand: string | number): Promise<MessageCondition> {
    const other = await this.user(lookup, operand);
    if (!other) throw badNarrow(`unknown user ${String(operand)}`);
    const self = await this.self(lookup);
    if (other.id === self.id) return IS_CONDITIONS.dm;
    const groups = await this.search.sharedGroupRecipients(self.id, other.id);
    return {
      kind: 'any-of',
      conditions: [
        { kind: 'direct', senderId: other.id, recipientId: self.recipientId as number },
        { kind: 'direct', senderId: self.id, recipientId: other.recipientId as number },
        { kind: 'recipient-in', recipientIds: groups },
      ],
    };
  }

  /**
   * A user of the realm by id or by the email other users see (Zulip's
   * `get_user_including_cross_realm`: the API email, which is a placeholder for users who
   * hide their address); `me` is the requester.
   */
  private async user(lookup: Lookup, operand: string | number): Promise<UserRow | null> {
    const { user } = lookup;
    if (typeof operand === 'number') return this.users.findInRealm(user.realmId, operand);
    if (operand.trim().toLowerCase() === 'me') return this.self(lookup);
    return this.emails.findByApiEmail(user.realmId, operand);
  }

  private async self(lookup: Lookup): Promise<UserRow> {
    if (!lookup.self) {
      const self = await this.users.findById(lookup.user.id);
      if (!self) throw new Error(`user ${lookup.user.id} vanished`);
      lookup.self = self;
    }
    return lookup.self;
  }
}
