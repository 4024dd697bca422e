import { CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { MessageAddress, MessageSending } from '../../messages/commands/send-message.command';
import { defaultReadBySender } from '../../shared/message-content';
import { Database } from '../../platform/database/database';
import { TransactionRunner } from '../../platform/database/transaction-runner';
import { ApiError } from '../../shared/api-error';
import { Actor } from '../../shared/actor';
import { channelIdOf, deliveryTimeNotInFuture, directRecipientIdsOf, scheduledMessageNotFound } from '../domain/scheduled-message-rules';
import { ScheduledMessagesChangedEvent } from '../events/scheduled-message-events';
import { ScheduledMessageFields, ScheduledMessageRow, ScheduledMessageStore } from '../persistence/scheduled-message.store';

/** Where a scheduled message goes: a channel and topic, or direct recipients by id. */
export type ScheduledAddress = { kind: 'stream'; streamId: number; topic: string | undefined } | { kind: 'private'; userIds: number[] };

/** `POST /scheduled_messages`: the time already checked to be in the future. */
export class CreateScheduledMessageCommand {
  constructor(
    readonly actor: Actor,
    readonly address: ScheduledAddress,
    readonly content: string,
    readonly deliverAt: Date,
    readonly readBySender: boolean | undefined,
    readonly clientName: string,
  ) {}
}

/** `PATCH /scheduled_messages/{id}`: null leaves a part as it is. */
export class EditScheduledMessageCommand {
  constructor(
    readonly actor: Actor,
    readonly id: number,
    readonly change: {
      kind: 'stream' | 'private' | null;
      /** The new `to`: a channel id, or user ids (read by the kind in force). */
      to: string | null;
      topic: string | null;
      content: string | null;
      deliverAt: Date | null;
    },
    readonly clientName: string,
  ) {}
}

/** `DELETE /scheduled_messages/{id}`. */
export class DeleteScheduledMessageCommand {
  constructor(readonly actor: Actor, readonly id: number) {}
}

function messageAddress(address: ScheduledAddress): MessageAddress {
  return address.kind === 'stream'
    ? { kind: 'stream', channel: address.streamId, topic: address.topic }
    : { kind: 'private', to: address.userIds };
}

/** The send path's check (Zulip's check_message) of what would be sent, as the row keeps it. */
async function checked(sending: MessageSending, actor: Actor, address: ScheduledAddress, content: string, clientName: string, at: Date): Promise<ScheduledMessageFields> {
  const message = await sending.check(actor, messageAddress(address), content);
  return {
    recipientId: message.recipientId,
    streamId: message.streamId,
    topic: message.topic,
    content: message.content,
    renderedContent: message.renderedContent,
    sendingClient: clientName,
    scheduledAt: at,
  };
}

/** Zulip's `check_schedule_message`: checked as if sent now, stored, one `add` event for the sender. */
@CommandHandler(CreateScheduledMessageCommand)
export class CreateScheduledMessageHandler implements ICommandHandler<CreateScheduledMessageCommand, { scheduled_message_id: number }> {
  constructor(
    private readonly tx: TransactionRunner,
    private readonly store: ScheduledMessageStore,
    private readonly sending: MessageSending,
    private readonly database: Database,
  ) {}

  execute(command: CreateScheduledMessageCommand): Promise<{ scheduled_message_id: number }> {
    const { actor, address } = command;
    return this.tx.run(async () => {
      const fields = await checked(this.sending, actor, address, command.content, command.clientName, command.deliverAt);
      // Zulip's legacy default: read by the sender from a non-API client, unless sent to oneself alone.
      const toSelf = address.kind === 'private' && address.userIds.every((id) => id === actor.id);
      const readBySender = command.readBySender ?? (defaultReadBySender(command.clientName) && !toSelf);
      const row = await this.store.insert(actor.realmId, actor.id, readBySender, fields);
      this.database.record(
        new ScheduledMessagesChangedEvent(actor.realmId, actor.id, { op: 'add', scheduled_messages: [row] }, row.scheduledAt),
      );
      return { scheduled_message_id: row.id };
    });
  }
}

/**
 * Zulip's `edit_scheduled_message`: the row locked (a delivery in flight commits first, and
 * this sees it sent), recipients and content checked again when they change, a failure
 * cleared; one `update` event. A new time reschedules: the scheduler wakes for it.
 */
@CommandHandler(EditScheduledMessageCommand)
export class EditScheduledMessageHandler implements ICommandHandler<EditScheduledMessageCommand, Record<string, never>> {
  constructor(
    private readonly tx: TransactionRunner,
    private readonly store: ScheduledMessageStore,
    private readonly sending: MessageSending,
    private readonly database: Database,
  ) {}

  execute({ actor, id, change, clientName }: EditScheduledMessageCommand): Promise<Record<string, never>> {
    return this.tx.run(async () => {
      const row = await this.store.lockOwn(actor.id, id);
      if (!row) throw scheduledMessageNotFound();
      if (row.delivered) throw ApiError.badRequest('Scheduled message was already sent');
      if (row.failed && change.deliverAt === null) throw deliveryTimeNotInFuture();
      const existingKind = typeof row.to === 'number' ? 'stream' : 'private';
      const kind = change.kind ?? existingKind;
      const deliverAt = change.deliverAt ?? row.scheduledAt;
      let fields: ScheduledMessageFields = {
        recipientId: row.recipientId,
        streamId: row.streamId,
        topic: row.topic,
        content: row.content,
        renderedContent: row.renderedContent,
        sendingClient: clientName,
        scheduledAt: deliverAt,
      };
      if (change.kind !== null || change.to !== null || change.content !== null || (change.topic !== null && existingKind === 'stream')) {
        const address = this.address(kind, change.to, row, change.topic);
        fields = await checked(this.sending, actor, address, change.content ?? row.content, clientName, deliverAt);
      }
      const updated = await this.store.update(row, fields);
      this.database.record(
        new ScheduledMessagesChangedEvent(actor.realmId, actor.id, { op: 'update', scheduled_message: updated }, updated.scheduledAt),
      );
      return {};
    });
  }

  private address(kind: 'stream' | 'private', to: string | null, row: ScheduledMessageRow, topic: string | null): ScheduledAddress {
    if (kind === 'stream') {
      const streamId = to !== null ? channelIdOf(to) : (row.to as number);
      return { kind: 'stream', streamId, topic: topic ?? row.topic };
    }
    return { kind: 'private', userIds: to !== null ? directRecipientIdsOf(to) : (row.to as number[]) };
  }
}

/** Zulip's `delete_scheduled_message`: only the sender's; one `remove` event. Deleted before its time, it is never sent. */
@CommandHandler(DeleteScheduledMessageCommand)
export class DeleteScheduledMessageHandler implements ICommandHandler<DeleteScheduledMessageCommand, Record<string, never>> {
  constructor(
    private readonly tx: TransactionRunner,
    private readonly store: ScheduledMessageStore,
    private readonly database: Database,
  ) {}

  execute({ actor, id }: DeleteScheduledMessageCommand): Promise<Record<string, never>> {
    return this.tx.run(async () => {
      const row = await this.store.lockOwn(actor.id, id);
      if (!row) throw scheduledMessageNotFound();
      await this.store.delete(row.id);
      this.database.record(new ScheduledMessagesChangedEvent(actor.realmId, actor.id, { op: 'remove', scheduled_message_id: row.id }));
      return {};
    });
  }
}
