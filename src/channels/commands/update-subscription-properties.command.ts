import { CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { TransactionRunner } from '../../platform/database/transaction-runner';
import { ApiError } from '../../shared/api-error';
import { Actor } from '../../shared/actor';
import { ChannelPolicy } from '../public/channel-policy';
import { storedChange, SubscriptionPropertyChange } from '../domain/subscription-properties';
import { SubscriptionPropertiesUpdatedEvent, SubscriptionPropertyUpdate } from '../events/subscription-events';
import { ChannelRepository } from '../persistence/channel.repository';
import { PolicyActorLoader } from '../access/policy-actor.loader';
import { SubscriptionRepository } from '../persistence/subscription.repository';
import { Database } from '../../platform/database/database';

/**
 * `POST /users/me/subscriptions/properties` (and its one-change form
 * `PATCH /users/me/subscriptions/{stream_id}`): personal settings of the actor's
 * subscriptions, all changes or none.
 */
export class UpdateSubscriptionPropertiesCommand {
  constructor(
    readonly actor: Actor,
    readonly changes: readonly SubscriptionPropertyChange[],
  ) {}
}

@CommandHandler(UpdateSubscriptionPropertiesCommand)
export class UpdateSubscriptionPropertiesHandler implements ICommandHandler<UpdateSubscriptionPropertiesCommand, void> {
  constructor(
    private readonly tx: TransactionRunner,
    private readonly channels: ChannelRepository,
    private readonly subscriptions: SubscriptionRepository,
    private readonly actors: PolicyActorLoader,
    private readonly database: Database,
  ) {}

  async execute(command: UpdateSubscriptionPropertiesCommand): Promise<void> {
    const { actor } = command;
    await this.tx.run(async () => {
      const policyActor = await this.actors.load(actor.id);
      const updates: SubscriptionPropertyUpdate[] = [];
      for (const change of command.changes) {
        // Zulip's `access_stream_by_id`: a channel one cannot access answers as a missing one.
        const stream = await this.channels.findById(actor.realmId, change.streamId);
        const subscribed = stream !== null && (await this.subscriptions.isSubscribed(actor.id, stream.recipientId as number));
        if (!stream || !ChannelPolicy.hasContentAccess(policyActor, stream, subscribed)) throw ApiError.invalidChannel();
        if (!subscribed) throw ApiError.badRequest(`Not subscribed to channel ID ${change.streamId}`);
        const stored = storedChange(change);
        await this.subscriptions.setProperty(actor.id, stream.recipientId as number, stored.column, stored.value);
        updates.push(...stored.events.map((event) => ({ streamId: stream.id, ...event })));
      }
      if (updates.length > 0) this.database.record(new SubscriptionPropertiesUpdatedEvent(actor.realmId, actor.id, updates));
    });
  }
}
