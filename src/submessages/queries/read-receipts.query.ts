import { IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import { FLAG_BITS } from '../../shared/message-flags';
import { MessageAccess } from '../../messages/access/message-access';
import { effectiveRealmProperties } from '../../realm/public/realm-properties';
import { RealmDirectory } from '../../realm/queries/realm-directory';
import { ApiError } from '../../shared/api-error';
import { Actor } from '../../shared/actor';
import { Database } from '../../platform/database/database';

/** `GET /messages/{message_id}/read_receipts`. */
export class ReadReceiptsQuery {
  constructor(
    readonly user: Actor,
    readonly messageId: number,
  ) {}
}

/**
 * Zulip's read_receipts view: for a message the user may read, in a realm with
 * `enable_read_receipts`, the active users who have it marked read and share read
 * receipts (`send_read_receipts`), never its sender, nor anyone the requester muted or
 * who muted the requester. Bots count; the requester does too. In user id order.
 */
@QueryHandler(ReadReceiptsQuery)
export class ReadReceiptsHandler implements IQueryHandler<ReadReceiptsQuery, number[]> {
  constructor(
    private readonly access: MessageAccess,
    private readonly realms: RealmDirectory,
    private readonly database: Database,
  ) {}

  async execute({ user, messageId }: ReadReceiptsQuery): Promise<number[]> {
    await this.access.require(user, messageId);
    const realm = await this.realms.requireById(user.realmId);
    if (effectiveRealmProperties(realm.properties).enable_read_receipts !== true) {
      throw ApiError.badRequest('Read receipts are disabled in this organization.');
    }
    const rows = await this.database.query<{ user_profile_id: number }>(
      `SELECT um.user_profile_id
         FROM user_message um
         JOIN message m ON m.id = um.message_id
         JOIN user_profile u ON u.id = um.user_profile_id
        WHERE um.message_id = $1
          AND (um.flags & ${FLAG_BITS.read}) <> 0
          AND u.is_active
          AND COALESCE((u.settings->>'send_read_receipts')::boolean, true)
          AND um.user_profile_id <> m.sender_id
          AND NOT EXISTS (SELECT 1 FROM muted_user mu WHERE mu.user_profile_id = um.user_profile_id AND mu.muted_user_id = $2)
          AND NOT EXISTS (SELECT 1 FROM muted_user mu WHERE mu.user_profile_id = $2 AND mu.muted_user_id = um.user_profile_id)
        ORDER BY um.user_profile_id`,
      [messageId, user.id],
    );
    return rows.map((row) => row.user_profile_id);
  }
}
