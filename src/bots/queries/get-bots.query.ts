import { IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import { gravatarUrl } from '../../users/public/user-identity';
import { BotDirectory } from '../../users/queries/bot-directory';
import { UserDirectory } from '../../users/queries/user-directory';

/** One entry of `GET /bots`, in Zulip's legacy shape. */
export interface OwnBotWire {
  username: string;
  full_name: string;
  api_key: string;
  avatar_url: string;
  default_sending_stream: string | null;
  default_events_register_stream: string | null;
  default_all_public_streams: boolean;
}

/** `GET /bots`: the requester's own active bots, oldest first. */
export class GetOwnBotsQuery {
  constructor(readonly owner: { id: number; realmId: number }) {}
}

@QueryHandler(GetOwnBotsQuery)
export class GetOwnBotsHandler implements IQueryHandler<GetOwnBotsQuery, OwnBotWire[]> {
  constructor(
    private readonly users: UserDirectory,
    private readonly bots: BotDirectory,
  ) {}

  async execute(query: GetOwnBotsQuery): Promise<OwnBotWire[]> {
    const ids = await this.bots.activeOwnedIdsByJoining(query.owner.realmId, query.owner.id);
    const found = new Map((await this.users.findByIds(query.owner.realmId, ids)).map((bot) => [bot.id, bot]));
    const defaults = await this.bots.defaults(ids);
    return ids.flatMap((id) => {
      const bot = found.get(id);
      if (!bot) return [];
      return [{
        username: bot.deliveryEmail,
        full_name: bot.fullName,
        api_key: bot.apiKey,
        avatar_url: gravatarUrl(bot.deliveryEmail, bot.avatarVersion),
        default_sending_stream: defaults.get(id)?.sendingStream?.name ?? null,
        default_events_register_stream: defaults.get(id)?.eventsRegisterStream?.name ?? null,
        default_all_public_streams: bot.defaultAllPublicStreams,
      }];
    });
  }
}
