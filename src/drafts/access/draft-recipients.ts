import { Injectable } from '@nestjs/common';
import { ChannelAccessLoader } from '../../channels/access/channel-access.loader';
import { DirectMessageGroups } from '../../messages/commands/direct-message-groups';
import { ApiError } from '../../shared/api-error';
import { UserDirectory } from '../../users/queries/user-directory';
import { DraftData } from '../domain/draft-data';

/** Where a draft may be addressed: the access decision of creating or editing one. */
@Injectable()
export class DraftRecipients {
  constructor(
    private readonly channels: ChannelAccessLoader,
    private readonly users: UserDirectory,
    private readonly groups: DirectMessageGroups,
  ) {}

  /**
   * The recipient a draft is addressed to, as Zulip's `further_validated_draft_dict`
   * finds it: a channel the user can read, or the DM conversation with those users.
   */
  async require(user: { id: number; realmId: number; recipientId: number | null }, draft: DraftData): Promise<number | null> {
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
