import { Injectable } from '@nestjs/common';
import { CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { TransactionRunner } from '../../platform/database/transaction-runner';
import { ApiError } from '../../shared/api-error';
import { insufficientPermission } from '../../shared/authorization';
import { Actor } from '../../shared/actor';
import { ChannelPolicy } from '../public/channel-policy';
import { checkChannelName } from '../public/channel-rules';
import { isUnsubscribingOthers } from '../domain/subscription-rules';
import { ChannelRepository } from '../persistence/channel.repository';
import { PolicyActorLoader } from '../access/policy-actor.loader';
import { PrincipalResolver } from '../access/principal.resolver';
import { StreamRow } from '../public/stream-row';
import { SubscriptionRepository } from '../persistence/subscription.repository';
import { SubscriptionEventRecorder } from '../events/subscription-event.recorder';
import { Database } from '../../platform/database/database';

/** `DELETE /users/me/subscriptions`: unsubscribe the actor or others from channels. */
export class UnsubscribeCommand {
  constructor(
    readonly actor: Actor,
    readonly channelNames: readonly string[],
    /** User ids or emails; null means the actor. */
    readonly principals: readonly (number | string)[] | null,
  ) {}
}

export interface UnsubscribeResult {
  removed: string[];
  not_removed: string[];
}

/** The work of an unsubscription, inside a transaction the caller holds (see `SubscriptionAdder`). */
@Injectable()
export class SubscriptionRemover {
  constructor(
    private readonly channels: ChannelRepository,
    private readonly subscriptions: SubscriptionRepository,
    private readonly principals: PrincipalResolver,
    private readonly actors: PolicyActorLoader,
    private readonly recorder: SubscriptionEventRecorder,
    private readonly database: Database,
  ) {}

  async apply(command: UnsubscribeCommand): Promise<UnsubscribeResult> {
    const { actor } = command;
    const names = [...new Map(command.channelNames.map((raw) => {
      const name = checkChannelName(raw);
      return [name.toLowerCase(), name] as const;
    })).values()];
    const policyActor = await this.actors.load(actor.id);
    const targets = await this.principals.resolve(actor.realmId, actor.id, command.principals);
    const unsubscribingOthers = isUnsubscribingOthers(actor.id, targets);

    const found = new Map(
      (await this.channels.findByNames(actor.realmId, names)).map((stream) => [stream.name.toLowerCase(), stream] as const),
    );
    const subscribed = await this.subscriptions.subscribedRecipientIds(
      actor.id,
      [...found.values()].map((stream) => stream.recipientId as number),
    );
    const isSubscribed = (stream: StreamRow) => subscribed.has(stream.recipientId as number);
    // A channel the actor may not know of answers as a missing one: its name must not leak.
    const visible = (stream: StreamRow | undefined): stream is StreamRow =>
      stream !== undefined && ChannelPolicy.hasMetadataAccess(policyActor, stream, isSubscribed(stream));
    const streams = names.map((name) => found.get(name.toLowerCase())).filter(visible);

    // As in Zulip: administrators, or access plus `can_remove_subscribers_group`.
    if (unsubscribingOthers && !streams.every((stream) => ChannelPolicy.canRemoveSubscribers(policyActor, stream, isSubscribed(stream)))) {
      throw insufficientPermission();
    }
    const unknown = names.find((name) => !visible(found.get(name.toLowerCase())));
    if (unknown !== undefined) {
      throw new ApiError(`Channel '${unknown}' does not exist`, 'STREAM_DOES_NOT_EXIST', 400, { stream: unknown });
    }

    const { removed, notSubscribed } = await this.subscriptions.unsubscribe(
      targets.flatMap((target) => streams.map((stream) => ({ userId: target.id, stream }))),
    );
    await this.recorder.recordUnsubscribed(actor.realmId, removed);
    return {
      removed: removed.map((request) => request.stream.name),
      not_removed: notSubscribed.map((request) => request.stream.name),
    };
  }
}

@CommandHandler(UnsubscribeCommand)
export class UnsubscribeHandler implements ICommandHandler<UnsubscribeCommand, UnsubscribeResult> {
  constructor(
    private readonly tx: TransactionRunner,
    private readonly remover: SubscriptionRemover,
    private readonly database: Database,
  ) {}

  execute(command: UnsubscribeCommand): Promise<UnsubscribeResult> {
    return this.tx.run(() => this.remover.apply(command));
  }
}
