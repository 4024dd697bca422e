import { CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { ChannelAccessLoader } from '../../channels/access/channel-access.loader';
import { EmailGatewaySettings } from '../../platform/config/settings';
import { TransactionRunner } from '../../platform/database/transaction-runner';
import { checkAdministrableBot } from '../../users/public/user-admin-rules';
import { UserDirectory } from '../../users/queries/user-directory';
import { Actor } from '../../shared/actor';
import { encodeEmailAddress } from '../domain/channel-email-address';
import { ChannelEmailAddressStore } from '../persistence/channel-email-address.store';

/**
 * `GET /streams/{stream_id}/email_address`. A command although a GET: as in Zulip, the
 * first request for a (channel, creator, sender) address stores its token.
 */
export class GetChannelEmailAddressCommand {
  constructor(readonly actor: Actor, readonly streamId: number, readonly senderId: number | null) {}
}

/**
 * Zulip 10.2's `get_stream_email_address`: a channel the user can access
 * (`access_stream_by_id`), a sender that is the email gateway (the default), the user, or
 * a bot the user administers (`access_bot_by_id`), and the address in the gateway's pattern.
 * Nothing is sent to clients: Zulip has no event or register key for these addresses.
 */
@CommandHandler(GetChannelEmailAddressCommand)
export class GetChannelEmailAddressHandler implements ICommandHandler<GetChannelEmailAddressCommand, { email: string }> {
  constructor(
    private readonly tx: TransactionRunner,
    private readonly channels: ChannelAccessLoader,
    private readonly users: UserDirectory,
    private readonly store: ChannelEmailAddressStore,
    private readonly gateway: EmailGatewaySettings,
  ) {}

  execute({ actor, streamId, senderId }: GetChannelEmailAddressCommand): Promise<{ email: string }> {
    return this.tx.run(async () => {
      const { stream } = await this.channels.requireById(actor, streamId);
      let sender: number | null = null;
      if (senderId === actor.id) sender = actor.id;
      else if (senderId !== null) sender = checkAdministrableBot(actor, await this.users.findInRealm(actor.realmId, senderId)).id;
      const token = await this.store.tokenFor(actor.realmId, stream.id, actor.id, sender);
      return { email: encodeEmailAddress(this.gateway.pattern, stream.name, token, true) };
    });
  }
}
