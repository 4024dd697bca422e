import { CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { PolicyActorLoader } from '../../channels/access/policy-actor.loader';
import { RealmGroupSettingsReader } from '../../groups/queries/realm-group-settings.reader';
import { TransactionRunner } from '../../platform/database/transaction-runner';
import { effectiveRealmProperties } from '../../realm/public/realm-properties';
import { ApiError } from '../../shared/api-error';
import { Actor } from '../../shared/actor';
import { checkCanDeleteMessage } from '../domain/message-delete-rules';
import { MessageAccess } from '../access/message-access';
import { MessageDeletion } from './message-deletion';
import { Database } from '../../platform/database/database';

/** `DELETE /messages/{message_id}`: Zulip's delete_message_backend. */
export class DeleteMessageCommand {
  constructor(
    readonly user: Actor,
    readonly messageId: number,
  ) {}
}

@CommandHandler(DeleteMessageCommand)
export class DeleteMessageHandler implements ICommandHandler<DeleteMessageCommand, Record<string, never>> {
  constructor(
    private readonly tx: TransactionRunner,
    private readonly access: MessageAccess,
    private readonly actors: PolicyActorLoader,
    private readonly realmGroups: RealmGroupSettingsReader,
    private readonly deletion: MessageDeletion,
    private readonly database: Database,
  ) {}

  async execute({ user, messageId }: DeleteMessageCommand): Promise<Record<string, never>> {
    await this.tx.run(async () => {
      const accessed = await this.access.require(user, messageId);
      // Locked so a concurrent delete of the same message waits, then finds nothing.
      const [message] = await this.database.query<{ sender_id: number; bot_owner_id: number | null; subject: string; age: number; properties: Record<string, unknown> }>(
        `SELECT m.sender_id, s.bot_owner_id, m.subject, extract(epoch FROM now() - m.date_sent)::float8 AS age, realm.properties
           FROM message m
           JOIN user_profile s ON s.id = m.sender_id
           JOIN realm ON realm.id = m.realm_id
          WHERE m.id = $1 FOR UPDATE OF m`,
        [messageId],
      );
      if (!message) throw ApiError.invalidMessage();
      const actor = await this.actors.load(user.id);
      const groups = await this.realmGroups.all(user.realmId);
      checkCanDeleteMessage({
        inDeleteAnyGroup: actor.groupIds.has(groups.get('can_delete_any_message_group') as number),
        inDeleteOwnGroup: actor.groupIds.has(groups.get('can_delete_own_message_group') as number),
        ownsMessage: message.sender_id === user.id || message.bot_owner_id === user.id,
        ageSeconds: Number(message.age),
        limitSeconds: effectiveRealmProperties(message.properties).message_content_delete_limit_seconds as number | null,
      });
      if (accessed.stream) await this.deletion.deleteChannelMessages(accessed.stream, [messageId]);
      else await this.deletion.deleteDirectMessages(user.realmId, [messageId]);
    });
    return {};
  }
}
