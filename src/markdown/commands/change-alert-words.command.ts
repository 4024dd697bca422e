import { CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { TransactionRunner } from '../../platform/database/transaction-runner';
import { Actor } from '../../shared/actor';
import { normalizeAlertWords } from '../domain/alert-words';
import { AlertWordsChangedEvent } from '../events/alert-words.events';
import { AlertWordStore } from '../persistence/alert-word.store';
import { UserProfileWrites } from '../../users/commands/user-profile.writes';
import { Database } from '../../platform/database/database';

/** `POST` (add) or `DELETE` (remove) `/users/me/alert_words`: answers the whole list. */
export class ChangeAlertWordsCommand {
  constructor(
    readonly user: Actor,
    readonly op: 'add' | 'remove',
    readonly words: readonly string[],
  ) {}
}

@CommandHandler(ChangeAlertWordsCommand)
export class ChangeAlertWordsHandler implements ICommandHandler<ChangeAlertWordsCommand, { alert_words: string[] }> {
  constructor(
    private readonly tx: TransactionRunner,
    private readonly store: AlertWordStore,
    private readonly users: UserProfileWrites,
    private readonly database: Database,
  ) {}

  execute(command: ChangeAlertWordsCommand): Promise<{ alert_words: string[] }> {
    const { user } = command;
    const words = normalizeAlertWords(command.words);
    return this.tx.run(async () => {
      // One user's changes one after the other: the answer lists the words after this change.
      await this.users.serializeChanges(user.id);
      if (command.op === 'add') await this.store.add(user, words);
      else await this.store.remove(user.id, words);
      const list = await this.store.list(user.id);
      // Zulip tells the user's clients after every change request, whatever it changed.
      this.database.record(new AlertWordsChangedEvent(user.realmId, user.id, list));
      return { alert_words: list };
    });
  }
}
