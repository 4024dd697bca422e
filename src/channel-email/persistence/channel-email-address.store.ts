import { Injectable } from '@nestjs/common';
import { Database } from '../../platform/database/database';
import { newEmailToken } from '../domain/channel-email-address';

/** The rows of `channel_email_address` (Zulip's ChannelEmailAddress). */
@Injectable()
export class ChannelEmailAddressStore {
  constructor(private readonly database: Database) {}

  /**
   * Zulip's `get_channel_email_token`: the token of the (channel, creator, sender) address,
   * made the first time it is asked for. `senderId` null is the email gateway bot, which
   * this server does not have as a user. A concurrent first request makes the same row
   * once: the unique index settles the race and both read the winner's token.
   */
  async tokenFor(realmId: number, channelId: number, creatorId: number, senderId: number | null): Promise<string> {
    await this.database.query(
      `INSERT INTO channel_email_address (realm_id, channel_id, creator_id, sender_id, email_token)
       VALUES ($1, $2, $3, $4, $5) ON CONFLICT DO NOTHING`,
      [realmId, channelId, creatorId, senderId, newEmailToken()],
    );
    const [row] = await this.database.query<{ email_token: string }>(
      `SELECT email_token FROM channel_email_address
        WHERE channel_id = $1 AND creator_id = $2 AND COALESCE(sender_id, 0) = COALESCE($3::integer, 0)`,
      [channelId, creatorId, senderId],
    );
    return row.email_token;
  }
}
