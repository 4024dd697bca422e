import { CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { TransactionRunner } from '../../platform/database/transaction-runner';
import { ApiError } from '../../shared/api-error';
import { Actor } from '../../shared/actor';
import { RequestedChannel, SubscribeCommand, SubscribeResult, SubscriptionAdder } from './subscribe.command';
import { SubscriptionRemover, UnsubscribeCommand, UnsubscribeResult } from './unsubscribe.command';
import { Database } from '../../platform/database/database';

/**
 * `PATCH /users/me/subscriptions` (Zulip's `update_subscriptions_backend`): subscribe the
 * actor to `add` and unsubscribe them from `delete` in one transaction, so a failure of
 * either leaves nothing done (Zulip's `compose_views`).
 */
export class UpdateSubscriptionsCommand {
  constructor(
    readonly actor: Actor,
    readonly add: readonly RequestedChannel[],
    readonly remove: readonly string[],
  ) {}
}

export type UpdateSubscriptionsResult = SubscribeResult & UnsubscribeResult;

@CommandHandler(UpdateSubscriptionsCommand)
export class UpdateSubscriptionsHandler implements ICommandHandler<UpdateSubscriptionsCommand, UpdateSubscriptionsResult> {
  constructor(
    private readonly tx: TransactionRunner,
    private readonly subscribe: SubscriptionAdder,
    private readonly unsubscribe: SubscriptionRemover,
    private readonly database: Database,
  ) {}

  execute(command: UpdateSubscriptionsCommand): Promise<UpdateSubscriptionsResult> {
    const { actor, add, remove } = command;
    if (add.length === 0 && remove.length === 0) {
      throw ApiError.badRequest('Nothing to do. Specify at least one of "add" or "delete".');
    }
    // Zulip calls `add_subscriptions_backend` with its defaults: the actor, fatal errors, no announcement.
    const subscribe = new SubscribeCommand(actor, add, null, true, false, {
      inviteOnly: false,
      isWebPublic: false,
      isDefaultStream: false,
      historyPublicToSubscribers: undefined,
      messageRetentionDays: null,
      groupSettings: {},
    });
    const unsubscribe = new UnsubscribeCommand(actor, remove, null);
    return this.tx.run(async () => ({
      ...(await this.subscribe.apply(subscribe)),
      ...(await this.unsubscribe.apply(unsubscribe)),
    }));
  }
}
