import { Injectable } from '@nestjs/common';
import { checkEmojiRequest, emojiDataForName, ReactionType, ResolvedEmoji } from '../public/emoji-rules';
import { UnicodeEmojiCatalog, unicodeEmoji } from '../public/unicode-emoji';
import { RealmEmojiRepository } from '../persistence/realm-emoji.repository';
import { Database } from '../../platform/database/database';
import { uploadUrl } from '../../platform/storage/upload-store';
import { emojiImageKey } from '../public/emoji-image-keys';

/**
 * The one place that decides what an emoji named by a client is: the server's Unicode
 * catalog, the realm's custom emoji and the special set. Status uses it; reactions and
 * markdown are meant to.
 */
@Injectable()
export class EmojiResolver {
  readonly catalog: UnicodeEmojiCatalog = unicodeEmoji();

  constructor(
    private readonly realmEmoji: RealmEmojiRepository,
    private readonly database: Database,
  ) {}

  /**
   * Zulip's status/reaction rule: a missing code or type is looked up from the name (as
   * the name means now), then name, code and type must agree. Zulip's
   * `zulip_extra_emoji` is accepted and answered as `svc_extra_emoji`.
   */
  async resolve(
    realmId: number,
    name: string,
    code: string | undefined,
    reactionType: string | undefined,
  ): Promise<ResolvedEmoji> {
    const custom = await this.realmEmoji.refsById(realmId);
    let emojiCode = code;
    let type = reactionType;
    if (emojiCode === undefined || type === undefined) {
      const data = emojiDataForName(name, [...custom.values()], this.catalog);
      emojiCode ??= data.emojiCode;
      type ??= data.reactionType;
    }
    const checkedType = checkEmojiRequest(name, emojiCode, type, custom, this.catalog);
    return { emojiName: name, emojiCode, reactionType: checkedType };
  }

  /** Zulip's `get_emoji_data`: the code and type a name stands for now. */
  async dataForName(realmId: number, name: string): Promise<{ emojiCode: string; reactionType: ReactionType }> {
    const custom = await this.realmEmoji.refsById(realmId);
    return emojiDataForName(name, [...custom.values()], this.catalog);
  }

  /** The image URL of each active custom emoji of these names (what `:name:` shows), in one query. */
  async customImageUrls(realmId: number, names: readonly string[]): Promise<Map<string, string>> {
    const rows = await this.realmEmoji.activeImages(realmId, names);
    return new Map(rows.map((row) => [row.name, uploadUrl(emojiImageKey(realmId, row.fileName ?? row.name))]));
  }

  /** Zulip's `check_emoji_request` alone: name, code and type must agree (type answered as ours). */
  async check(realmId: number, name: string, code: string, reactionType: string): Promise<ReactionType> {
    const custom = await this.realmEmoji.refsById(realmId);
    return checkEmojiRequest(name, code, reactionType, custom, this.catalog);
  }
}
