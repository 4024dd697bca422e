import { IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import { MessageAccess } from '../../messages/access/message-access';
import { effectiveRealmProperties } from '../../realm/public/realm-properties';
import { RealmDirectory } from '../../realm/queries/realm-directory';
import { ApiError } from '../../shared/api-error';
import { Actor } from '../../shared/actor';
import { Database } from '../../platform/database/database';
import { SubmessageStore } from '../persistence/submessage.store';

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
    private readonly store: SubmessageStore,
  ) {}

  async execute({ user, messageId }: ReadReceiptsQuery): Promise<number[]> {
    await this.access.require(user, messageId);
    const realm = await this.realms.requireById(user.realmId);
    if (effectiveRealmProperties(realm.properties).enable_read_receipts !== true) {
      throw ApiError.badRequest('Read receipts are disabled in this organization.');
    }
    const rows = await this.store.readers(messageId, user.id);
    return rows.map((row) => row.user_profile_id);
  }
}
