import { CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { TransactionRunner } from '../../platform/database/transaction-runner';
import { ApiError } from '../../shared/api-error';
import { userSettingsOf } from '../../users/public/user-settings';
import { UserRow } from '../../users/public/user-row';
import { UserDirectory } from '../../users/queries/user-directory';
import { Actor } from '../../shared/actor';
import { checkDraft, DraftData } from '../domain/draft-data';
import { DraftsChangedEvent } from '../events/drafts-changed.event';
import { DraftRecipients } from '../access/draft-recipients';
import { DraftStore } from '../persistence/draft.store';
import { Database } from '../../platform/database/database';

export class CreateDraftsCommand {
  constructor(readonly actor: Actor, readonly drafts: readonly DraftData[]) {}
}

export class EditDraftCommand {
  constructor(readonly actor: Actor, readonly draftId: number, readonly draft: DraftData) {}
}

export class DeleteDraftCommand {
  constructor(readonly actor: Actor, readonly draftId: number) {}
}

function draftDoesNotExist(): ApiError {
  return new ApiError('Draft does not exist', 'BAD_REQUEST', 404);
}

/** Zulip's `draft_endpoint`: drafts live on the server only while the user syncs them. */
async function syncingUser(users: UserDirectory, actor: Actor): Promise<UserRow> {
  const user = await users.findById(actor.id);
  if (!user) throw new Error(`user ${actor.id} vanished`);
  if (!userSettingsOf(user).enable_drafts_synchronization) throw ApiError.badRequest('User has disabled synchronizing drafts.');
  return user;
}

/** Zulip's `do_create_drafts`: all of them or none, one `add` event. */
@CommandHandler(CreateDraftsCommand)
export class CreateDraftsHandler implements ICommandHandler<CreateDraftsCommand, { ids: number[] }> {
  constructor(
    private readonly tx: TransactionRunner,
    private readonly users: UserDirectory,
    private readonly store: DraftStore,
    private readonly recipients: DraftRecipients,
    private readonly database: Database,
  ) {}

  async execute(command: CreateDraftsCommand): Promise<{ ids: number[] }> {
    return this.tx.run(async () => {
      const user = await syncingUser(this.users, command.actor);
      const ids: number[] = [];
      for (const draft of command.drafts) {
        const checked = checkDraft(draft);
        const recipientId = await this.recipients.require(user, draft);
        const [row] = await this.database.query<{ id: number }>(
          `INSERT INTO draft (user_profile_id, recipient_id, topic, content, last_edit_time) VALUES ($1, $2, $3, $4, $5) RETURNING id`,
          [user.id, recipientId, checked.topic, checked.content, checked.lastEditTime],
        );
        ids.push(row.id);
      }
      const drafts = await this.store.list(user.id, ids);
      drafts.sort((a, b) => ids.indexOf(a.id) - ids.indexOf(b.id));
      this.database.record(new DraftsChangedEvent(user.realmId, user.id, { op: 'add', drafts }));
      return { ids };
    });
  }
}

/** Zulip's `do_edit_draft`: replaces every field of one of the user's drafts. */
@CommandHandler(EditDraftCommand)
export class EditDraftHandler implements ICommandHandler<EditDraftCommand, Record<string, never>> {
  constructor(
    private readonly tx: TransactionRunner,
    private readonly users: UserDirectory,
    private readonly store: DraftStore,
    private readonly recipients: DraftRecipients,
    private readonly database: Database,
  ) {}

  async execute(command: EditDraftCommand): Promise<Record<string, never>> {
    return this.tx.run(async () => {
      const user = await syncingUser(this.users, command.actor);
      const existing = await this.database.query(`SELECT id FROM draft WHERE id = $1 AND user_profile_id = $2 FOR UPDATE`, [command.draftId, user.id]);
      if (existing.length === 0) throw draftDoesNotExist();
      const checked = checkDraft(command.draft);
      const recipientId = await this.recipients.require(user, command.draft);
      await this.database.query(`UPDATE draft SET recipient_id = $2, topic = $3, content = $4, last_edit_time = $5 WHERE id = $1`, [
        command.draftId, recipientId, checked.topic, checked.content, checked.lastEditTime,
      ]);
      const [draft] = await this.store.list(user.id, [command.draftId]);
      this.database.record(new DraftsChangedEvent(user.realmId, user.id, { op: 'update', draft }));
      return {};
    });
  }
}

/** Zulip's `do_delete_draft`. */
@CommandHandler(DeleteDraftCommand)
export class DeleteDraftHandler implements ICommandHandler<DeleteDraftCommand, Record<string, never>> {
  constructor(
    private readonly tx: TransactionRunner,
    private readonly users: UserDirectory,
    private readonly database: Database,
  ) {}

  async execute(command: DeleteDraftCommand): Promise<Record<string, never>> {
    return this.tx.run(async () => {
      const user = await syncingUser(this.users, command.actor);
      const existing = await this.database.query(`SELECT id FROM draft WHERE id = $1 AND user_profile_id = $2 FOR UPDATE`, [command.draftId, user.id]);
      if (existing.length === 0) throw draftDoesNotExist();
      await this.database.query(`DELETE FROM draft WHERE id = $1`, [command.draftId]);
      this.database.record(new DraftsChangedEvent(user.realmId, user.id, { op: 'remove', draft_id: command.draftId }));
      return {};
    });
  }
}
