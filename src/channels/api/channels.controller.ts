import { Controller, Get } from '@nestjs/common';
import { CommandBus, QueryBus } from '@nestjs/cqrs';
import { CurrentUser } from '../../wire/decorators';
import { Params } from '../../wire/params/params.decorator';
import { WireParam } from '../../wire/params/wire-param';
import { RequestUser } from '../../wire/request-context';
import { GetStreamsQuery } from '../queries/get-streams.query';
import { ChannelWire } from './channel.presenter';

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

@Controller('api/v1')
export class ChannelsController {
  constructor(
    private readonly commandBus: CommandBus,
    private readonly queryBus: QueryBus,
  ) {}

  @Get('streams')
  async listStreams(@CurrentUser() user: RequestUser, @Params(GetStreamsParams) p: GetStreamsParams): Promise<{ streams: ChannelWire[] }> {
    const streams = await this.queryBus.execute<GetStreamsQuery, ChannelWire[]>(
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
    return { streams };
  }
}
