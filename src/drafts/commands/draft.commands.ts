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
        ids.push(await this.store.insert(user.id, { ...checked, recipientId }));
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
      if (!(await this.store.lockOwn(user.id, command.draftId))) throw draftDoesNotExist();
      const checked = checkDraft(command.draft);
      const recipientId = await this.recipients.require(user, command.draft);
      await this.store.update(command.draftId, { ...checked, recipientId });
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
    private readonly store: DraftStore,
    private readonly database: Database,
  ) {}

  async execute(command: DeleteDraftCommand): Promise<Record<string, never>> {
    return this.tx.run(async () => {
      const user = await syncingUser(this.users, command.actor);
      if (!(await this.store.lockOwn(user.id, command.draftId))) throw draftDoesNotExist();
      await this.store.delete(command.draftId);
      this.database.record(new DraftsChangedEvent(user.realmId, user.id, { op: 'remove', draft_id: command.draftId }));
      return {};
    });
  }
}
