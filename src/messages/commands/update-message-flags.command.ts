import { CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { TransactionRunner } from '../../platform/database/transaction-runner';
import { Actor } from '../../shared/actor';
import { FlagChange } from '../domain/flag-change';
import { MessageFlagWriter } from './message-flag-writer';
import { Database } from '../../platform/database/database';

/** `POST /messages/flags`: one flag added to or removed from the listed messages. */
export class UpdateMessageFlagsCommand {
  constructor(
    readonly user: Actor,
    readonly change: FlagChange,
    readonly messageIds: readonly number[],
  ) {}
}

export interface UpdateMessageFlagsResult {
  messages: number[];
  ignored_because_not_subscribed_channels?: number[];
}

@CommandHandler(UpdateMessageFlagsCommand)
export class UpdateMessageFlagsHandler implements ICommandHandler<UpdateMessageFlagsCommand, UpdateMessageFlagsResult> {
  constructor(
    private readonly tx: TransactionRunner,
    private readonly writer: MessageFlagWriter,
    private readonly database: Database,
  ) {}

  async execute(command: UpdateMessageFlagsCommand): Promise<UpdateMessageFlagsResult> {
    const result = await this.tx.run(() => this.writer.write(command.user, command.change, command.messageIds));
    const response: UpdateMessageFlagsResult = { messages: result.changed };
    if (result.ignoredChannels !== null) response.ignored_because_not_subscribed_channels = result.ignoredChannels;
    return response;
  }
}
