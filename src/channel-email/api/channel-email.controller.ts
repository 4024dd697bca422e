import { Controller, Get } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { CurrentUser } from '../../wire/decorators';
import { Params } from '../../wire/params/params.decorator';
import { WireParam } from '../../wire/params/wire-param';
import { Actor } from '../../shared/actor';
import { GetChannelEmailAddressCommand } from '../commands/get-channel-email-address.command';

class EmailAddressParams {
  @WireParam('int', { path: true }) stream_id!: number;
  @WireParam('int', { optional: true }) sender_id?: number;
}

/** Zulip's channel email addresses: formed here; receiving the mail is not this server's. */
@Controller('api/v1/streams')
export class ChannelEmailController {
  constructor(private readonly commandBus: CommandBus) {}

  @Get(':stream_id/email_address')
  emailAddress(@CurrentUser() user: Actor, @Params(EmailAddressParams) p: EmailAddressParams): Promise<{ email: string }> {
    return this.commandBus.execute(new GetChannelEmailAddressCommand(user, p.stream_id, p.sender_id ?? null));
  }
}
