import { CommandBus, CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { ApiError } from '../../shared/api-error';
import { UpdateSettingsCommand } from '../../users/commands/update-settings.command';
import { requestUserOf } from '../../users/public/user-row';
import { UserDirectory } from '../../users/queries/user-directory';
import { MissedMessageStore } from '../persistence/missed-message.store';
import { MISSED_MESSAGES_EMAIL_TYPE } from './send-missed-message-emails.command';

/** An unsubscribe link was opened (or posted to by a mail client's one-click button). */
export class UnsubscribeFromEmailsCommand {
  constructor(
    readonly emailType: string,
    readonly key: string,
  ) {}
}

/** `unknown-type`: Zulip's unsubscribe_link_error page, for a kind of email it does not know. */
export type UnsubscribeOutcome = 'done' | 'unknown-type';

/**
 * Zulip's email_unsubscribe / process_unsubscribe for missed-message emails
 * (do_missedmessage_unsubscribe): the key names the user, whose
 * `enable_offline_email_notifications` goes off as if they had changed it themselves (their
 * clients hear of it). Opening the link again changes nothing more.
 */
@CommandHandler(UnsubscribeFromEmailsCommand)
export class UnsubscribeFromEmailsHandler implements ICommandHandler<UnsubscribeFromEmailsCommand, UnsubscribeOutcome> {
  constructor(
    private readonly store: MissedMessageStore,
    private readonly users: UserDirectory,
    private readonly commandBus: CommandBus,
  ) {}

  async execute(command: UnsubscribeFromEmailsCommand): Promise<UnsubscribeOutcome> {
    if (command.emailType !== MISSED_MESSAGES_EMAIL_TYPE) return 'unknown-type';
    const userId = await this.store.userOfKey(command.key, command.emailType);
    const user = userId === null ? null : await this.users.findById(userId);
    if (!user || !user.isActive) throw new ApiError('Invalid unsubscribe link', 'BAD_REQUEST', 404);
    await this.commandBus.execute(
      new UpdateSettingsCommand(requestUserOf(user), { settings: new Map([['enable_offline_email_notifications', false]]) }),
    );
    return 'done';
  }
}
