import { Controller, Delete, Get, Patch, Post } from '@nestjs/common';
import { parseRetentionDays } from '../public/channel-rules';
import { CommandBus, QueryBus } from '@nestjs/cqrs';
import { GroupSettingChange, parseGroupSettingChange } from '../../groups/public/group-setting';
import { CHANNEL_GROUP_SETTINGS, ChannelGroupSetting } from '../../groups/public/permission-settings';
import { CurrentUser } from '../../wire/decorators';
import { Params } from '../../wire/params/params.decorator';
import { WireParam } from '../../wire/params/wire-param';
import { Actor } from '../../shared/actor';
import { ArchiveChannelCommand } from '../commands/archive-channel.command';
import { ChangeDefaultChannelCommand } from '../commands/change-default-channel.command';
import { ChannelChanges, UpdateChannelCommand } from '../commands/update-channel.command';
import {
  GetChannelIdQuery,
  GetChannelMembersQuery,
  GetChannelQuery,
} from '../queries/get-channel.query';
import { GetChannelTopicsQuery, TopicSummary } from '../../messages/queries/get-channel-topics.query';
import { ChannelListing, GetStreamsQuery } from '../queries/get-streams.query';
import { ChannelView } from '../queries/channel-views';
import { ChannelWire, presentChannel, presentChannelListing } from './channel.presenter';

class GetStreamsParams {
  @WireParam('bool', { default: true }) include_public!: boolean;
  @WireParam('bool', { default: false }) include_web_public!: boolean;
  @WireParam('bool', { default: true }) include_subscribed!: boolean;
  @WireParam('bool', { default: true }) exclude_archived!: boolean;
  @WireParam('bool', { default: false }) include_all!: boolean;
  @WireParam('bool', { default: false }) include_default!: boolean;
  @WireParam('bool', { default: false }) include_owner_subscribed!: boolean;
  @WireParam('bool', { default: false }) include_can_access_content!: boolean;
  @WireParam('bool', { default: false }) include_all_active!: boolean;
}

class StreamIdParams {
  @WireParam('int', { path: true }) stream_id!: number;
}

class GetStreamIdParams {
  @WireParam('string') stream!: string;
}

class TopicsParams extends StreamIdParams {
  @WireParam('bool', { default: false }) allow_empty_topic_name!: boolean;
}

class DefaultStreamParams {
  @WireParam('int') stream_id!: number;
}

class UpdateStreamParams extends StreamIdParams {
  @WireParam('string', { optional: true }) new_name?: string;
  @WireParam('string', { optional: true }) description?: string;
  @WireParam('bool', { optional: true }) is_private?: boolean;
  @WireParam('bool', { optional: true }) is_web_public?: boolean;
  @WireParam('bool', { optional: true }) history_public_to_subscribers?: boolean;
  @WireParam('bool', { optional: true }) is_default_stream?: boolean;
  @WireParam('string', { optional: true }) message_retention_days?: string;
  @WireParam('json', { optional: true }) can_add_subscribers_group?: unknown;
  @WireParam('json', { optional: true }) can_administer_channel_group?: unknown;
  @WireParam('json', { optional: true }) can_remove_subscribers_group?: unknown;
  @WireParam('json', { optional: true }) can_send_message_group?: unknown;
  @WireParam('json', { optional: true }) can_subscribe_group?: unknown;
}

/** Listing and managing channels (Zulip's channel endpoints). */
@Controller('api/v1')
export class StreamsController {
  constructor(
    private readonly commandBus: CommandBus,
    private readonly queryBus: QueryBus,
  ) {}

  @Get('streams')
  async listStreams(@CurrentUser() user: Actor, @Params(GetStreamsParams) p: GetStreamsParams): Promise<{ streams: ChannelWire[] }> {
    const listing = await this.queryBus.execute<GetStreamsQuery, ChannelListing>(
      new GetStreamsQuery(user, {
        includePublic: p.include_public,
        includeWebPublic: p.include_web_public,
        includeSubscribed: p.include_subscribed,
        excludeArchived: p.exclude_archived,
        includeAll: p.include_all,
        includeDefault: p.include_default,
        includeOwnerSubscribed: p.include_owner_subscribed,
        includeCanAccessContent: p.include_can_access_content,
        includeAllActive: p.include_all_active,
      }),
    );
    return { streams: presentChannelListing(listing) };
  }

  @Get('streams/:stream_id')
  async getStream(@CurrentUser() user: Actor, @Params(StreamIdParams) p: StreamIdParams): Promise<{ stream: ChannelWire }> {
    return { stream: presentChannel(await this.queryBus.execute<GetChannelQuery, ChannelView>(new GetChannelQuery(user, p.stream_id))) };
  }

  @Get('get_stream_id')
  async getStreamId(@CurrentUser() user: Actor, @Params(GetStreamIdParams) p: GetStreamIdParams): Promise<{ stream_id: number }> {
    return { stream_id: await this.queryBus.execute(new GetChannelIdQuery(user, p.stream)) };
  }

  @Patch('streams/:stream_id')
  async updateStream(@CurrentUser() user: Actor, @Params(UpdateStreamParams) p: UpdateStreamParams): Promise<Record<string, never>> {
    const groupSettings: Partial<Record<ChannelGroupSetting, GroupSettingChange>> = {};
    for (const setting of Object.keys(CHANNEL_GROUP_SETTINGS) as ChannelGroupSetting[]) {
      const raw = p[setting];
      if (raw !== undefined) groupSettings[setting] = parseGroupSettingChange(setting, raw);
    }
    const changes: ChannelChanges = {
      newName: p.new_name,
      description: p.description,
      isPrivate: p.is_private,
      isWebPublic: p.is_web_public,
      historyPublicToSubscribers: p.history_public_to_subscribers,
      isDefaultStream: p.is_default_stream,
      groupSettings,
    };
    if (p.message_retention_days !== undefined) changes.messageRetentionDays = parseRetentionDays(p.message_retention_days);
    await this.commandBus.execute(new UpdateChannelCommand(user, p.stream_id, changes));
    return {};
  }

  @Delete('streams/:stream_id')
  async archiveStream(@CurrentUser() user: Actor, @Params(StreamIdParams) p: StreamIdParams): Promise<Record<string, never>> {
    await this.commandBus.execute(new ArchiveChannelCommand(user, p.stream_id));
    return {};
  }

  @Get('streams/:stream_id/members')
  async members(@CurrentUser() user: Actor, @Params(StreamIdParams) p: StreamIdParams): Promise<{ subscribers: number[] }> {
    return { subscribers: await this.queryBus.execute(new GetChannelMembersQuery(user, p.stream_id)) };
  }

  @Get('users/me/:stream_id/topics')
  async topics(@CurrentUser() user: Actor, @Params(TopicsParams) p: TopicsParams): Promise<{ topics: TopicSummary[] }> {
    return { topics: await this.queryBus.execute(new GetChannelTopicsQuery(user, p.stream_id, p.allow_empty_topic_name)) };
  }

  @Post('default_streams')
  async addDefault(@CurrentUser() user: Actor, @Params(DefaultStreamParams) p: DefaultStreamParams): Promise<Record<string, never>> {
    await this.commandBus.execute(new ChangeDefaultChannelCommand(user, p.stream_id, true));
    return {};
  }

  @Delete('default_streams')
  async removeDefault(@CurrentUser() user: Actor, @Params(DefaultStreamParams) p: DefaultStreamParams): Promise<Record<string, never>> {
    await this.commandBus.execute(new ChangeDefaultChannelCommand(user, p.stream_id, false));
    return {};
  }
}

