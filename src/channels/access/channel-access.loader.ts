import { Injectable } from '@nestjs/common';
import { ApiError } from '../../shared/api-error';
import { ChannelPolicy, PolicyActor } from '../public/channel-policy';
import { ChannelRepository } from '../persistence/channel.repository';
import { PolicyActorLoader } from './policy-actor.loader';
import { StreamRow } from '../public/stream-row';
import { SubscriptionRepository } from '../persistence/subscription.repository';

/** A channel as one user reached it: who they are to it and whether they are subscribed. */
export interface AccessedChannel {
  stream: StreamRow;
  actor: PolicyActor;
  subscribed: boolean;
}

/** Zulip's `CannotAdministerChannelError`. */
export function cannotAdministerChannel(): ApiError {
  return ApiError.badRequest('You do not have permission to administer this channel.');
}

/**
 * Zulip's access_stream_* family on ChannelPolicy: a channel that is missing, in another
 * realm or hidden from the user answers the same error.
 */
@Injectable()
export class ChannelAccessLoader {
  constructor(
    private readonly channels: ChannelRepository,
    private readonly actors: PolicyActorLoader,
    private readonly subscriptions: SubscriptionRepository,
  ) {}

  async load(user: { id: number; realmId: number }, streamId: number): Promise<AccessedChannel | null> {
    const stream = await this.channels.findById(user.realmId, streamId);
    if (!stream) return null;
    return this.accessed(user.id, stream);
  }

  async accessed(userId: number, stream: StreamRow): Promise<AccessedChannel> {
    const actor = await this.actors.load(userId);
    return { stream, actor, subscribed: await this.subscriptions.isSubscribed(userId, stream.recipientId as number) };
  }

  /**
   * `access_stream_by_id`: an active channel the user has content access to (or, with
   * `requireContent` false, metadata access).
   */
  async requireById(
    user: { id: number; realmId: number },
    streamId: number,
    requireContent = true,
  ): Promise<AccessedChannel> {
    const found = await this.load(user, streamId);
    if (!found || !canRead(found, requireContent)) throw ApiError.invalidChannel();
    return found;
  }

  /** `access_stream_by_name`: the same checks, naming the channel in the error. */
  async requireByName(user: { id: number; realmId: number }, name: string): Promise<AccessedChannel> {
    const stream = await this.channels.findByName(user.realmId, name);
    const found = stream ? await this.accessed(user.id, stream) : null;
    if (!found || !canRead(found, true)) throw ApiError.badRequest(`Invalid channel name '${name}'`);
    return found;
  }

  /**
   * `access_stream_for_delete_or_update_requiring_metadata_access`: organization and
   * channel administrators pass; someone who can read the channel learns they may not
   * administer it; anyone else gets "Invalid channel ID", as if it did not exist.
   */
  async requireAdministrable(user: { id: number; realmId: number }, streamId: number): Promise<AccessedChannel> {
    const found = await this.load(user, streamId);
    if (!found) throw ApiError.invalidChannel();
    const { actor, stream, subscribed } = found;
    if (ChannelPolicy.canAdminister(actor, stream, subscribed)) return found;
    if (ChannelPolicy.hasContentAccess(actor, stream, subscribed)) throw cannotAdministerChannel();
    throw ApiError.invalidChannel();
  }
}

function canRead({ stream, actor, subscribed }: AccessedChannel, requireContent: boolean): boolean {
  if (stream.deactivated) return false;
  return requireContent
    ? ChannelPolicy.hasContentAccess(actor, stream, subscribed)
    : ChannelPolicy.hasMetadataAccess(actor, stream, subscribed);
}
