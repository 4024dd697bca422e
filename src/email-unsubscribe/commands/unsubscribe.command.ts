import { CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { ApiError } from '../../shared/api-error';
import { OwnSettingsChange } from '../../users/commands/update-settings.command';
import { actorOf } from '../../users/public/user-row';
import { UserDirectory } from '../../users/queries/user-directory';
import { isUnsubscribeKind, UNSUBSCRIBE_KINDS, UNSUBSCRIBE_TEXTS } from '../domain/unsubscribe-kinds';
import { UnsubscribeTokenStore } from '../persistence/unsubscribe-token.store';

/** A one-click unsubscribe link was opened (or POSTed by a mail client). */
export class UnsubscribeCommand {
  constructor(
    readonly kind: string,
    readonly token: string,
  ) {}
}

/** What the page says was turned off, and where the user's settings are. */
export interface Unsubscribed {
  label: string;
  userId: number;
}

/**
 * Zulip's email_unsubscribe: the key names the user; the kind's setting goes to false as the
 * user's own settings change (do_change_user_setting, acting_user the user, through the
 * users module's OwnSettingsChange), so their clients hear of it. Using a link twice
 * changes nothing more; an unknown kind or key is refused alike.
 */
@CommandHandler(UnsubscribeCommand)
export class UnsubscribeHandler implements ICommandHandler<UnsubscribeCommand, Unsubscribed> {
  constructor(
    private readonly tokens: UnsubscribeTokenStore,
    private readonly users: UserDirectory,
    private readonly settings: OwnSettingsChange,
  ) {}

  async execute(command: UnsubscribeCommand): Promise<Unsubscribed> {
    const unknown = ApiError.badRequest(UNSUBSCRIBE_TEXTS.error);
    if (!isUnsubscribeKind(command.kind) || !/^[a-z0-9]{24}$/.test(command.token)) throw unknown;
    const kind = UNSUBSCRIBE_KINDS[command.kind];
    const userId = await this.tokens.userOf(command.token, command.kind);
    const user = userId === null ? null : await this.users.findById(userId);
    if (!user) throw unknown;
    await this.settings.apply(actorOf(user), { settings: new Map([[kind.setting, false]]) });
    return { label: kind.label, userId: user.id };
  }
}
