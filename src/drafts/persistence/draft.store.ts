import { Injectable } from '@nestjs/common';
import { ChannelAccessLoader } from '../../channels/access/channel-access.loader';
import { DirectMessageGroups } from '../../messages/commands/direct-message-groups';
import { RecipientType } from '../../messages/public/recipient-type';
import { ApiError } from '../../shared/api-error';
import { UserDirectory } from '../../users/queries/user-directory';
import { DraftData } from '../domain/draft-data';
import { Database } from '../../platform/database/database';

/** Zulip's `Draft.to_dict()`. */
export interface DraftWire {
  id: number;
  type: 'stream' | 'private' | '';
  to: number[];
  topic: string;
  content: string;
  timestamp: number;
}

interface DraftRow {
  id: number;
  topic: string;
  content: string;
  last_edit_time: Date;
  recipient_type: number | null;
  type_id: number | null;
  group_members: number[] | null;
}

function toWire(row: DraftRow): DraftWire {
  const base = { id: row.id, topic: row.topic, content: row.content, timestamp: Math.floor(new Date(row.last_edit_time).getTime() / 1000) };
  if (row.recipient_type === null) return { ...base, type: '', to: [] };
  if (row.recipient_type === RecipientType.Stream) return { ...base, type: 'stream', to: [row.type_id as number] };
  if (row.recipient_type === RecipientType.Personal) return { ...base, type: 'private', to: [row.type_id as number] };
  return { ...base, type: 'private', to: row.group_members ?? [] };
}

/** A user's drafts: their recipients and their wire form. */
@Injectable()
export class DraftStore {
  constructor(
    private readonly channels: ChannelAccessLoader,
    private readonly users: UserDirectory,
    private readonly groups: DirectMessageGroups,
    private readonly database: Database,
  ) {}

  /** The user's drafts (or those of `ids`), oldest edit first. */
  async list(userId: number, ids: readonly number[] | null = null): Promise<DraftWire[]> {
    const rows = await this.database.query<DraftRow>(
      `SELECT d.id, d.topic, d.content, d.last_edit_time, r.type AS recipient_type, r.type_id,
              CASE WHEN r.type = $2 THEN ARRAY(
                SELECT s.user_profile_id FROM subscription s
                 WHERE s.recipient_id = r.id AND s.user_profile_id <> d.user_profile_id ORDER BY 1) END AS group_members
         FROM draft d LEFT JOIN recipient r ON r.id = d.recipient_id
        WHERE d.user_profile_id = $1 AND ($3::int[] IS NULL OR d.id = ANY($3::int[]))
        ORDER BY d.last_edit_time, d.id`,
      [userId, RecipientType.DirectMessageGroup, ids],
    );
    return rows.map(toWire);
  }

  /**
   * The recipient a draft is addressed to, as Zulip's `further_validated_draft_dict`
   * finds it: a channel the user can read, or the DM conversation with those users.
   */
  async recipientFor(user: { id: number; realmId: number; recipientId: number | null }, draft: DraftData): Promise<number | null> {
    if (draft.type === 'stream') {
      const { stream } = await this.channels.requireById(user, draft.to[0]);
      return stream.recipientId;
    }
    if (draft.type !== 'private' || draft.to.length === 0) return null;
    const ids = [...new Set(draft.to)];
    const found = await this.users.findByIds(user.realmId, ids);
    for (const id of ids) {
      if (!found.some((other) => other.id === id)) throw ApiError.badRequest(`Invalid user ID ${id}`);
    }
    const others = found.filter((other) => other.id !== user.id);
    if (others.length === 0) return user.recipientId;
    if (others.length === 1) return others[0].recipientId;
    return this.groups.recipientOf([user.id, ...others.map((other) => other.id)]);
  }
}
