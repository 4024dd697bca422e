import { Controller, Patch, Post } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { ApiError } from '../../shared/api-error';
import { CurrentUser } from '../../wire/decorators';
import { Params } from '../../wire/params/params.decorator';
import { WireParam } from '../../wire/params/wire-param';
import { Actor } from '../../shared/actor';
import { ChannelRef, SetTopicVisibilityCommand } from '../commands/set-topic-visibility.command';
import { parseVisibilityPolicy, VisibilityPolicy } from '../public/visibility-policy';

class UserTopicParams {
  @WireParam('int') stream_id!: number;
  @WireParam('string') topic!: string;
  @WireParam('int') visibility_policy!: number;
}

class MutedTopicParams {
  @WireParam('int', { optional: true }) stream_id?: number;
  @WireParam('string', { optional: true }) stream?: string;
  @WireParam('string') topic!: string;
  @WireParam('string') op!: string;
}

@Controller('api/v1')
export class UserTopicsController {
  constructor(private readonly commandBus: CommandBus) {}

  @Post('user_topics')
  async update(@CurrentUser() user: Actor, @Params(UserTopicParams) p: UserTopicParams): Promise<Record<string, never>> {
    const policy = parseVisibilityPolicy(p.visibility_policy);
    await this.commandBus.execute(new SetTopicVisibilityCommand(user, { id: p.stream_id }, p.topic, policy, false));
    return {};
  }

  /** Deprecated: mutes (`add`) or unmutes (`remove`); both are idempotent since feature level 170. */
  @Patch('users/me/subscriptions/muted_topics')
  async legacy(@CurrentUser() user: Actor, @Params(MutedTopicParams) p: MutedTopicParams): Promise<Record<string, never>> {
    // Zulip's check_for_exactly_one_stream_arg.
    if (p.stream_id === undefined && p.stream === undefined) throw ApiError.badRequest("Missing 'stream_id' argument");
    if (p.stream_id !== undefined && p.stream !== undefined) {
      throw ApiError.badRequest('Unsupported parameter combination: stream_id, stream', { parameters: 'stream_id, stream' });
    }
    if (p.op !== 'add' && p.op !== 'remove') throw ApiError.badRequest('Invalid op');
    const channel: ChannelRef = p.stream_id !== undefined ? { id: p.stream_id } : { name: p.stream as string };
    const policy = p.op === 'add' ? VisibilityPolicy.Muted : VisibilityPolicy.Inherit;
    await this.commandBus.execute(new SetTopicVisibilityCommand(user, channel, p.topic, policy, true));
    return {};
  }
}
