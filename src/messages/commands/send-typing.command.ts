import { CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { ChannelPolicy } from '../../channels/public/channel-policy';
import { ChannelAccessLoader } from '../../channels/access/channel-access.loader';
import { SubscriberDirectory } from '../../channels/queries/subscriber-directory';
import { EventDispatcher } from '../../platform/events/queues/event-dispatcher.service';
import { effectiveRealmProperties } from '../../realm/public/realm-properties';
import { ApiError } from '../../shared/api-error';
import { Actor } from '../../shared/actor';
import { EMPTY_TOPIC_DISPLAY_NAME } from '../../shared/message-content';
import { checkCanEditContent } from '../domain/message-edit-rules';
import { directParticipants, TypingOp, TypingTarget } from '../domain/typing-rules';
import { MessageAccess } from '../access/message-access';
import { Person, TypingPeople } from '../persistence/typing-people';
import { Database } from '../../platform/database/database';
import { MessageCommandStore } from '../persistence/message-command.store';

/** `POST /typing`: someone is composing to a direct conversation or a channel topic. */
export class SendTypingCommand {
  constructor(
    readonly user: Actor,
    readonly op: TypingOp,
    readonly target: TypingTarget,
  ) {}
}

/** `POST /messages/{message_id}/typing`: someone is editing a message's content. */
export class SendEditTypingCommand {
  constructor(
    readonly user: Actor,
    readonly messageId: number,
    readonly op: TypingOp,
  ) {}
}

/**
 * Typing notifications are events only: nothing is stored. Who hears them follows Zulip's
 * typing actions: active users with `receives_typing_notifications` (never the typist
 * here), channel typing only below the size cutoff and only to queues that declared
 * `stream_typing_notifications`.
 */
@CommandHandler(SendTypingCommand)
export class SendTypingHandler implements ICommandHandler<SendTypingCommand, Record<string, never>> {
  constructor(
    private readonly people: TypingPeople,
    private readonly channels: ChannelAccessLoader,
    private readonly subscriptions: SubscriberDirectory,
    private readonly dispatcher: EventDispatcher,
    private readonly database: Database,
  ) {}

  async execute({ user, op, target }: SendTypingCommand): Promise<Record<string, never>> {
    if (target.kind === 'direct') {
      // Both reads on one pool connection: under load requests queue for the pool, and each checkout more waits the queue again.
      const participants = await this.database.onOneConnection(async () => {
        const sender = await this.people.sender(user);
        if (!sender.send_private_typing_notifications) {
          throw ApiError.badRequest('User has disabled typing notifications for direct messages');
        }
        return requirePeople(this.people, user.realmId, directParticipants(user.id, target.to));
      });
      const senderPerson = participants.find((person) => person.id === user.id) as Person;
      const event = {
        type: 'typing',
        op,
        message_type: 'direct',
        sender: { user_id: senderPerson.id, email: senderPerson.email },
        recipients: participants.map((person) => ({ user_id: person.id, email: person.email })),
      };
      this.dispatcher.dispatch({
        realmId: user.realmId,
        userIds: listeners(participants),
        eventType: 'typing',
        render: () => event,
      });
      return {};
    }
    const sender = await this.people.sender(user);
    if (!sender.send_stream_typing_notifications) {
      throw ApiError.badRequest('User has disabled typing notifications for channel messages');
    }
    // Zulip's access_stream_by_id_for_message, then access_stream_for_send_message.
    const { stream, actor, subscribed } = await this.channels.requireById(user, target.streamId);
    if (!ChannelPolicy.inSendGroup(actor, stream)) throw ApiError.badRequest('You do not have permission to post in this channel.');
    const ownerSubscribed = actor.owner !== null && (await this.subscriptions.isSubscribed(actor.owner.id, stream.recipientId as number));
    if (!ChannelPolicy.canPost(actor, stream, subscribed, ownerSubscribed)) {
      throw ApiError.badRequest(`Not authorized to send to channel '${stream.name}'`);
    }
    const topic = target.topic === EMPTY_TOPIC_DISPLAY_NAME || target.topic === '(no topic)' ? '' : target.topic;
    const audience = await this.people.channelAudience(stream.recipientId as number);
    if (audience === null) return {};
    const event = {
      type: 'typing',
      op,
      message_type: 'stream',
      sender: { user_id: user.id, email: (await requirePeople(this.people, user.realmId, [user.id]))[0].email },
      stream_id: stream.id,
      topic,
    };
    this.dispatcher.dispatch({
      realmId: user.realmId,
      userIds: listeners(audience),
      eventType: 'typing',
      render: (queue) => {
        if (!queue.capabilities.stream_typing_notifications) return null;
        // Without the `empty_topic_name` capability the empty topic goes by its display name.
        return topic === '' && !queue.capabilities.empty_topic_name ? { ...event, topic: EMPTY_TOPIC_DISPLAY_NAME } : event;
      },
    });
    return {};
  }
}

@CommandHandler(SendEditTypingCommand)
export class SendEditTypingHandler implements ICommandHandler<SendEditTypingCommand, Record<string, never>> {
  constructor(
    private readonly people: TypingPeople,
    private readonly access: MessageAccess,
    private readonly dispatcher: EventDispatcher,
    private readonly database: Database,
    private readonly reads: MessageCommandStore,
  ) {}

  async execute({ user, messageId, op }: SendEditTypingCommand): Promise<Record<string, never>> {
    const accessed = await this.access.require(user, messageId);
    const [message] = await this.reads.editTypingTarget(messageId);
    if (!message) throw ApiError.invalidMessage();
    const realm = effectiveRealmProperties(message.properties);
    checkCanEditContent({
      allowMessageEditing: realm.allow_message_editing as boolean,
      isSender: message.sender_id === user.id,
      ageSeconds: Number(message.age),
      limitSeconds: realm.message_content_edit_limit_seconds as number | null,
    });
    const sender = await this.people.sender(user);
    const common = { type: 'typing_edit_message', op, sender_id: user.id, message_id: messageId };
    if (accessed.stream) {
      if (!sender.send_stream_typing_notifications) {
        throw ApiError.badRequest('User has disabled typing notifications for channel messages');
      }
      const audience = await this.people.channelAudience(message.recipient_id);
      if (audience === null) return {};
      const event = { ...common, recipient: { type: 'channel', channel_id: accessed.stream.id, topic: message.subject } };
      this.dispatcher.dispatch({ realmId: user.realmId, userIds: listeners(audience), eventType: 'typing_edit_message', render: () => event });
      return {};
    }
    if (!sender.send_private_typing_notifications) {
      throw ApiError.badRequest('User has disabled typing notifications for direct messages');
    }
    const participantIds = await this.people.directParticipantIds(message.recipient_id, accessed.recipientType, user.id);
    const participants = await requirePeople(this.people, user.realmId, participantIds);
    // Zulip lists the participants who will hear it (the active ones that receive typing).
    const hearing = participants.filter((person) => person.isActive && person.receivesTyping).map((person) => person.id);
    const event = { ...common, recipient: { type: 'direct', user_ids: hearing } };
    this.dispatcher.dispatch({ realmId: user.realmId, userIds: listeners(participants), eventType: 'typing_edit_message', render: () => event });
    return {};
  }
}

/**
 * The users of the realm with these ids, in the order given (Zulip's `user_ids_to_users`):
 * "Invalid user ID" for the first that names no user of the realm.
 */
async function requirePeople(people: TypingPeople, realmId: number, ids: readonly number[]): Promise<Person[]> {
  const found = await people.findInRealm(realmId, ids);
  return ids.map((id) => {
    const person = found.get(id);
    if (!person) throw ApiError.badRequest(`Invalid user ID ${id}`);
    return person;
  });
}

/**
 * Who hears typing: active users that receive typing notifications, the typist included
 * (Zulip's do_send_typing_notification notifies every recipient; clients skip their own).
 */
function listeners(people: readonly Person[]): number[] {
  return people.filter((person) => person.isActive && person.receivesTyping).map((person) => person.id);
}
