import { Injectable } from '@nestjs/common';
import { GroupDirectory } from '../../groups/queries/group-directory';
import { NotificationRecipients, PushRecipient } from '../../missed-message-emails/queries/notification-recipients';
import { MessageSentEvent } from '../../messages/events/message-sent.event';
import { MessageUpdatedEvent } from '../../messages/events/message-updated.event';
import { MessagesDeletedEvent } from '../../messages/events/messages-deleted.event';
import { MessageSnapshot } from '../../messages/public/message-snapshot';
import { MessageSnapshotReader } from '../../messages/queries/message-snapshot.reader';
import { PushSettings, ServerSettings } from '../../platform/config/settings';
import { TransactionRunner } from '../../platform/database/transaction-runner';
import { RealmAddressing } from '../../realm/public/realm-addressing';
import { RealmDirectory } from '../../realm/queries/realm-directory';
import { storedAvatarUrl } from '../../users/public/user-identity';
import { MentionedGroup, mentionedGroupsByUser, messagePayloads, PushAccount, PushMessage, removePayloads, renderedMentions } from '../domain/push-payloads';
import { PushDeviceTokenStore } from '../persistence/push-device-token.store';
import { PushIdentity, PushOutboxStore, PushRequest } from '../persistence/push-outbox.store';
import { identityFields, PushQueue } from './push-queue';

/**
 * Zulip's push notifications of messages (handle_push_notification, for a message sent or
 * an edit that newly mentions someone) and their removal when read or deleted
 * (handle_remove_push_notification), as requests to the push notification service
 * written to the push outbox. Who is notified is decided with the emails' rules
 * (NotificationRecipients); a user without a registered device is not.
 */
@Injectable()
export class PushNotifier {
  constructor(
    private readonly tx: TransactionRunner,
    private readonly recipients: NotificationRecipients,
    private readonly store: PushOutboxStore,
    private readonly devices: PushDeviceTokenStore,
    private readonly queue: PushQueue,
    private readonly realms: RealmDirectory,
    private readonly addressing: RealmAddressing,
    private readonly messages: MessageSnapshotReader,
    private readonly groups: GroupDirectory,
    private readonly server: ServerSettings,
    private readonly settings: PushSettings,
  ) {}

  /**
   * After a message's commit: a `notify` request per notified user, once per (user,
   * message), naming the user group a user was mentioned through.
   */
  async messageSent(event: MessageSentEvent): Promise<void> {
    if (!this.queue.enabled) return;
    const chosen = await this.withDevices(await this.recipients.forPush(event));
    if (chosen.length === 0) return;
    const groups = await this.mentionedGroups(event.message.renderedContent, chosen);
    await this.notify(event.message, chosen, groups);
  }

  /**
   * After a content edit's commit (Zulip's do_update_message): a `notify` for each user it
   * newly mentions, as a mention by name (Zulip names no group for an edit's mentions).
   * A user already notified of the message is not notified again.
   */
  async messageEdited(event: MessageUpdatedEvent): Promise<void> {
    if (!this.queue.enabled || !event.priorMentionUserIds) return;
    const chosen = await this.withDevices(await this.recipients.forPushAfterEdit(event));
    if (chosen.length === 0) return;
    const message = (await this.messages.load([Number(event.body.message_id)])).get(Number(event.body.message_id));
    if (!message) return;
    await this.notify(message, chosen, new Map());
  }

  /**
   * After messages were marked read (all of the user's with null): a `remove` request for
   * those a notification went out for, which the apps take off the device.
   */
  async messagesRead(userId: number, messageIds: readonly number[] | null): Promise<void> {
    if (!this.queue.enabled) return;
    await this.tx.run(async () => {
      const taken = await this.store.takeNotified(userId, messageIds);
      if (taken.length > 0) await this.enqueueRemovals(new Map([[userId, taken]]));
    });
  }

  /**
   * After messages were deleted (Zulip's do_delete_messages clears their mobile
   * notifications): a `remove` request for each user a notification of them went out to.
   */
  async messagesDeleted(event: MessagesDeletedEvent): Promise<void> {
    if (!this.queue.enabled) return;
    await this.tx.run(async () => {
      const byUser = new Map<number, number[]>();
      for (const { userId, messageId } of await this.store.takeNotifiedOfMessages(event.messageIds)) {
        byUser.set(userId, [...(byUser.get(userId) ?? []), messageId]);
      }
      if (byUser.size > 0) await this.enqueueRemovals(byUser);
    });
  }

  /** Those who have a registered device. */
  private async withDevices(notified: readonly PushRecipient[]): Promise<PushRecipient[]> {
    if (notified.length === 0) return [];
    const withDevices = await this.devices.usersWithDevices(notified.map((entry) => entry.userId));
    return notified.filter((entry) => withDevices.has(entry.userId));
  }

  /** The `notify` requests, written with the (user, message) pairs not yet notified. */
  private async notify(message: MessageSnapshot, chosen: readonly PushRecipient[], groups: ReadonlyMap<number, MentionedGroup>): Promise<void> {
    const identities = await this.store.identities(chosen.map((entry) => entry.userId));
    const realm = await this.realms.requireById(message.realmId);
    const realmUrl = this.addressing.url(realm.stringId);
    const pushMessage: PushMessage = {
      id: message.id,
      senderId: message.senderId,
      senderEmail: message.senderEmail,
      senderFullName: message.senderFullName,
      senderAvatarUrl: absolute(realmUrl, storedAvatarUrl({ id: message.senderId, realmId: message.realmId, ...message.sender })),
      timestamp: message.timestamp,
      renderedContent: message.renderedContent,
      channel: message.kind === 'stream' && message.streamId !== null ? { name: String(message.displayRecipient), id: message.streamId, topic: message.subject } : null,
      participants: Array.isArray(message.displayRecipient) ? message.displayRecipient.map((person) => ({ id: person.id, fullName: person.full_name })) : [],
    };
    await this.tx.run(async () => {
      const fresh = await this.store.markNotified(chosen.map((entry) => ({ userId: entry.userId, messageId: message.id })));
      const freshUsers = new Set(fresh.map((pair) => pair.userId));
      const requests: PushRequest[] = [];
      for (const entry of chosen) {
        const identity = identities.get(entry.userId);
        if (!identity || !freshUsers.has(entry.userId)) continue;
        const account = this.account(identity, realm.name, realmUrl);
        const payloads = messagePayloads(account, pushMessage, entry.trigger, this.settings.redactContent, groups.get(entry.userId) ?? null);
        requests.push({ kind: 'notify', realmId: identity.realmId, userId: entry.userId, messageId: message.id, body: { ...identityFields(identity), ...payloads } });
      }
      await this.queue.enqueue(requests);
    });
  }

  /**
   * The group each notified user was mentioned through, if any (Zulip's
   * get_user_group_mentions_data, then get_mentioned_user_group): read only when the
   * message mentions a group.
   */
  private async mentionedGroups(renderedContent: string, chosen: readonly PushRecipient[]): Promise<Map<number, MentionedGroup>> {
    const mentions = renderedMentions(renderedContent);
    if (mentions.groupIds.length === 0) return new Map();
    const members = new Map<number, Set<number>>(mentions.groupIds.map((id) => [id, new Set<number>()]));
    for (const row of await this.groups.recursiveMembers(mentions.groupIds)) members.get(row.group_id)?.add(row.user_id);
    const byUser = mentionedGroupsByUser(mentions, members);
    const names = new Map((await this.groups.namesOf(mentions.groupIds)).map((group) => [group.id, group.name]));
    const chosenGroups = new Map<number, MentionedGroup>();
    for (const { userId } of chosen) {
      const groupId = byUser.get(userId);
      const name = groupId === undefined ? undefined : names.get(groupId);
      if (groupId !== undefined && name !== undefined) chosenGroups.set(userId, { id: groupId, name });
    }
    return chosenGroups;
  }

  /** A `remove` request for each user's messages, in the caller's transaction. */
  private async enqueueRemovals(byUser: ReadonlyMap<number, readonly number[]>): Promise<void> {
    const identities = await this.store.identities([...byUser.keys()]);
    const requests: PushRequest[] = [];
    for (const [userId, messageIds] of byUser) {
      const identity = identities.get(userId);
      if (!identity) continue;
      const realm = await this.realms.requireById(identity.realmId);
      const account = this.account(identity, realm.name, this.addressing.url(realm.stringId));
      requests.push({ kind: 'remove', realmId: identity.realmId, userId, messageId: null, body: { ...identityFields(identity), ...removePayloads(account, messageIds) } });
    }
    await this.queue.enqueue(requests);
  }

  private account(identity: PushIdentity, realmName: string, realmUrl: string): PushAccount {
    return { server: this.server.externalHost, realmId: identity.realmId, realmUrl, realmName, userId: identity.userId };
  }
}

/** An avatar URL as the apps fetch it from outside the server: relative ones under the realm's URL. */
function absolute(realmUrl: string, url: string): string {
  return url.startsWith('/') ? `${realmUrl}${url}` : url;
}
