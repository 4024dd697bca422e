import { Injectable } from '@nestjs/common';
import { NotificationRecipients } from '../../missed-message-emails/queries/notification-recipients';
import { MessageSentEvent } from '../../messages/events/message-sent.event';
import { PushSettings, ServerSettings } from '../../platform/config/settings';
import { TransactionRunner } from '../../platform/database/transaction-runner';
import { RealmAddressing } from '../../realm/public/realm-addressing';
import { RealmDirectory } from '../../realm/queries/realm-directory';
import { storedAvatarUrl } from '../../users/public/user-identity';
import { messagePayloads, PushAccount, PushMessage, removePayloads } from '../domain/push-payloads';
import { PushDeviceTokenStore } from '../persistence/push-device-token.store';
import { PushIdentity, PushOutboxStore, PushRequest } from '../persistence/push-outbox.store';
import { identityFields, PushQueue } from './push-queue';

/**
 * Zulip's push notifications of messages (handle_push_notification) and their removal
 * when read (handle_remove_push_notification), as requests to the push notification
 * service written to the push outbox. Who is notified is decided with the emails' rules
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
    private readonly server: ServerSettings,
    private readonly settings: PushSettings,
  ) {}

  /** After a message's commit: a `notify` request per notified user, once per (user, message). */
  async messageSent(event: MessageSentEvent): Promise<void> {
    if (!this.queue.enabled) return;
    const notified = await this.recipients.forPush(event);
    if (notified.length === 0) return;
    const withDevices = await this.devices.usersWithDevices(notified.map((entry) => entry.userId));
    const chosen = notified.filter((entry) => withDevices.has(entry.userId));
    if (chosen.length === 0) return;
    const { message } = event;
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
        const payloads = messagePayloads(this.account(identity, realm.name, realmUrl), pushMessage, entry.trigger, this.settings.redactContent);
        requests.push({ kind: 'notify', realmId: identity.realmId, userId: entry.userId, messageId: message.id, body: { ...identityFields(identity), ...payloads } });
      }
      await this.queue.enqueue(requests);
    });
  }

  /**
   * After messages were marked read (all of the user's with null): a `remove` request for
   * those a notification went out for, which the apps take off the device.
   */
  async messagesRead(userId: number, messageIds: readonly number[] | null): Promise<void> {
    if (!this.queue.enabled) return;
    await this.tx.run(async () => {
      const taken = await this.store.takeNotified(userId, messageIds);
      if (taken.length === 0) return;
      const identity = (await this.store.identities([userId])).get(userId);
      if (!identity) return;
      const realm = await this.realms.requireById(identity.realmId);
      const account = this.account(identity, realm.name, this.addressing.url(realm.stringId));
      await this.queue.enqueue([{ kind: 'remove', realmId: identity.realmId, userId, messageId: null, body: { ...identityFields(identity), ...removePayloads(account, taken) } }]);
    });
  }

  private account(identity: PushIdentity, realmName: string, realmUrl: string): PushAccount {
    return { server: this.server.externalHost, realmId: identity.realmId, realmUrl, realmName, userId: identity.userId };
  }
}

/** An avatar URL as the apps fetch it from outside the server: relative ones under the realm's URL. */
function absolute(realmUrl: string, url: string): string {
  return url.startsWith('/') ? `${realmUrl}${url}` : url;
}
