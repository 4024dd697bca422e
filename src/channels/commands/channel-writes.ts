import { Injectable } from '@nestjs/common';
import { DescriptionRenderer } from '../../realm/public/markdown.port';
import { ChannelRepository, NewChannel } from '../persistence/channel.repository';
import { StreamRow } from '../public/stream-row';

/** A channel with Zulip's default group settings, as realm set-up creates one. */
export type NewDefaultChannel = Omit<NewChannel, 'groups' | 'renderedDescription'>;

/**
 * The channel writes other modules' commands make inside their own transaction: realm
 * set-up's first channel, which every new user joins.
 */
@Injectable()
export class ChannelWrites {
  constructor(
    private readonly channels: ChannelRepository,
    private readonly descriptions: DescriptionRenderer,
  ) {}

  /**
   * Creates a channel and makes it one of the realm's default channels. No
   * `default_streams` event: the realm is being created and nobody is there to hear it.
   * Null when a channel of that name already exists.
   */
  async createDefaultChannel(channel: NewDefaultChannel): Promise<StreamRow | null> {
    const renderedDescription = await this.descriptions.renderDescription(channel.realmId, channel.description, channel.creatorId);
    const created = await this.channels.insert({ ...channel, renderedDescription });
    if (created) await this.channels.addDefaultChannel(channel.realmId, created.id);
    return created;
  }
}
