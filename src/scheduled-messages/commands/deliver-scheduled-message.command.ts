import { Logger } from '@nestjs/common';
import { CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { MessageAddress, MessageSending, SendMessageCommand } from '../../messages/commands/send-message.command';
import { Database } from '../../platform/database/database';
import { TransactionRunner } from '../../platform/database/transaction-runner';
import { RealmDirectory } from '../../realm/queries/realm-directory';
import { ApiError } from '../../shared/api-error';
import { actorOf } from '../../users/public/user-row';
import { UserDirectory } from '../../users/queries/user-directory';
import { failedScheduledMessageNotice, LATE_CUTOFF_MS } from '../domain/scheduled-message-rules';
import { ScheduledMessagesChangedEvent } from '../events/scheduled-message-events';
import { ScheduledMessageRow, ScheduledMessageStore } from '../persistence/scheduled-message.store';

/** The scheduler's one step: send the oldest due scheduled message, if any. */
export class DeliverScheduledMessageCommand {}

/** `none`: nothing was due; otherwise one message was settled (sent, or marked failed). */
export type DeliveryOutcome = 'none' | 'delivered' | 'failed';

/** Zulip's RealmDeactivatedError and UserDeactivatedError: failures the sender is not told of. */
class SilentFailure extends ApiError {}

/**
 * Zulip's `try_deliver_one_scheduled_message`. One transaction claims the oldest due row
 * (`FOR UPDATE SKIP LOCKED`: processes claiming together take different rows), checks and
 * sends it through the send path as its sender would send it now, and marks it delivered:
 * the message and the mark commit together or not at all, so a process killed midway
 * leaves the row due for another. A send that fails is rolled back; a second transaction
 * marks the row failed (once: it must still be pending), tells the sender's queues, and has
 * the notification bot tell the sender why (Zulip's send_failed_scheduled_message_notification).
 */
@CommandHandler(DeliverScheduledMessageCommand)
export class DeliverScheduledMessageHandler implements ICommandHandler<DeliverScheduledMessageCommand, DeliveryOutcome> {
  private readonly logger = new Logger(DeliverScheduledMessageHandler.name);

  constructor(
    private readonly tx: TransactionRunner,
    private readonly store: ScheduledMessageStore,
    private readonly sending: MessageSending,
    private readonly users: UserDirectory,
    private readonly realms: RealmDirectory,
    private readonly database: Database,
  ) {}

  async execute(): Promise<DeliveryOutcome> {
    let claimed: ScheduledMessageRow | null = null;
    try {
      return await this.tx.run(async () => {
        claimed = await this.store.claimDue();
        if (!claimed) return 'none';
        await this.send(claimed);
        return 'delivered';
      });
    } catch (error) {
      const row = claimed as ScheduledMessageRow | null;
      if (!row) throw error;
      await this.fail(row, error);
      return 'failed';
    }
  }

  private async send(row: ScheduledMessageRow): Promise<void> {
    const realm = await this.realms.requireById(row.realmId);
    if (realm.deactivated) throw new SilentFailure('This organization has been deactivated', 'REALM_DEACTIVATED', 401);
    const sender = await this.users.findById(row.senderId);
    if (!sender || !sender.isActive) throw new SilentFailure('Account is deactivated', 'USER_DEACTIVATED', 401);
    if (Date.now() > row.scheduledAt.getTime() + LATE_CUTOFF_MS) {
      throw ApiError.badRequest('Message could not be sent at the scheduled time.');
    }
    // Checked again as sent now: access and mentions may have changed since it was scheduled.
    const address: MessageAddress = typeof row.to === 'number'
      ? { kind: 'stream', channel: row.to, topic: row.topic }
      : { kind: 'private', to: row.to };
    const { id } = await this.sending.send(
      new SendMessageCommand(actorOf(sender), address, row.content, row.sendingClient, row.readBySender, null),
    );
    await this.store.markDelivered(row.id, id);
    this.database.record(new ScheduledMessagesChangedEvent(row.realmId, row.senderId, { op: 'remove', scheduled_message_id: row.id }));
  }

  private async fail(claimed: ScheduledMessageRow, error: unknown): Promise<void> {
    const known = error instanceof ApiError;
    const failureMessage = known ? error.message : 'Internal server error';
    if (known) this.logger.log(`scheduled message ${claimed.id} failed: ${failureMessage}`);
    else this.logger.error(`unexpected error sending scheduled message ${claimed.id}: ${(error as Error).stack ?? String(error)}`);
    await this.tx.run(async () => {
      const row = await this.store.lockPending(claimed.id);
      if (!row) return;
      await this.store.markFailed(row.id, failureMessage);
      if (error instanceof SilentFailure) return;
      const failed = { ...row, failed: true, failureMessage };
      this.database.record(
        new ScheduledMessagesChangedEvent(row.realmId, row.senderId, { op: 'update', scheduled_message: failed }),
      );
      const realm = await this.realms.requireById(row.realmId);
      const bot = realm.notificationBotId === null ? null : await this.users.findById(realm.notificationBotId);
      if (!bot) return;
      await this.sending.send(
        new SendMessageCommand(
          actorOf(bot),
          { kind: 'private', to: [row.senderId] },
          failedScheduledMessageNotice(row.scheduledAt, failureMessage),
          'Internal',
          undefined,
          null,
          { readBy: [] },
        ),
      );
    });
  }
}
