import { Controller, Get } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import { CurrentUser } from '../../wire/decorators';
import { Params } from '../../wire/params/params.decorator';
import { WireParam } from '../../wire/params/wire-param';
import { Actor } from '../../shared/actor';
import { CreateBigBlueButtonCallQuery } from '../queries/create-bigbluebutton-call.query';

class BigBlueButtonParams {
  @WireParam('string') meeting_name!: string;
  @WireParam('bool', { optional: true }) voice_only?: boolean;
}

/** Zulip's `/calls/bigbluebutton/create`, for any user (bots included, as Zulip's endpoint takes them). */
@Controller('api/v1/calls')
export class CallsController {
  constructor(private readonly queryBus: QueryBus) {}

  @Get('bigbluebutton/create')
  createBigBlueButtonCall(@CurrentUser() user: Actor, @Params(BigBlueButtonParams) p: BigBlueButtonParams): Promise<{ url: string }> {
    return this.queryBus.execute(new CreateBigBlueButtonCallQuery(user.id, p.meeting_name, p.voice_only ?? false));
  }
}
