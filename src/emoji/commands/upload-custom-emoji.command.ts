import { CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { randomBytes } from 'node:crypto';
import { GroupDirectory } from '../../groups/queries/group-directory';
import { RealmGroupSettingsReader } from '../../groups/queries/realm-group-settings.reader';
import { TransactionRunner } from '../../platform/database/transaction-runner';
import { emojiImage, inspectImage, stillPng } from '../../platform/storage/images';
import { UploadStore } from '../../platform/storage/upload-store';
import { ApiError } from '../../shared/api-error';
import { insufficientPermission, requireMemberOrAdmin } from '../../shared/authorization';
import { isAdministrator } from '../../shared/roles';
import { Actor } from '../../shared/actor';
import { UploadedFile } from '../../shared/uploaded-file';
import { normalizeCustomEmojiName } from '../public/emoji-rules';
import { unicodeEmoji } from '../public/unicode-emoji';
import { RealmEmojiChangedEvent } from '../events/realm-emoji-events';
import { emojiImageKey, emojiStillKey } from '../public/emoji-image-keys';
import { RealmEmojiRepository } from '../persistence/realm-emoji.repository';
import { Database } from '../../platform/database/database';
import { UserDirectory } from '../../users/queries/user-directory';

/** Zulip's MAX_EMOJI_FILE_SIZE_MIB default. */
export const MAX_EMOJI_FILE_SIZE_MIB = 5;
/** Zulip's DEFAULT_EMOJI_SIZE: custom emoji are stored at most this many pixels a side. */
const EMOJI_SIZE = 64;

/** `POST /realm/emoji/{emoji_name}` with one image file. */
export class UploadCustomEmojiCommand {
  constructor(
    readonly actor: Actor,
    readonly rawName: string,
    readonly files: readonly UploadedFile[],
  ) {}
}

/**
 * Zulip's upload_emoji, checks in its order: members only, the name's rules, the realm's
 * `can_add_custom_emoji_group`, a free name, exactly one file, built-in names for
 * administrators only, the size limit, then the image itself. The row and its files are
 * written in one transaction; the `realm_emoji` event leaves after the commit.
 */
@CommandHandler(UploadCustomEmojiCommand)
export class UploadCustomEmojiHandler implements ICommandHandler<UploadCustomEmojiCommand, void> {
  constructor(
    private readonly tx: TransactionRunner,
    private readonly emoji: RealmEmojiRepository,
    private readonly users: UserDirectory,
    private readonly groups: GroupDirectory,
    private readonly realmSettings: RealmGroupSettingsReader,
    private readonly store: UploadStore,
    private readonly database: Database,
  ) {}

  async execute(command: UploadCustomEmojiCommand): Promise<void> {
    const { actor, files } = command;
    // Zulip's `require_member_or_admin` on this endpoint.
    requireMemberOrAdmin(actor);
    const name = normalizeCustomEmojiName(command.rawName);
    const allowedGroup = await this.realmSettings.groupId(actor.realmId, 'can_add_custom_emoji_group');
    if (!(await this.groups.isMember(actor.id, allowedGroup))) throw insufficientPermission();
    if (await this.emoji.findActiveByName(actor.realmId, name)) {
      throw ApiError.badRequest('A custom emoji with this name already exists.');
    }
    if (files.length !== 1) throw ApiError.badRequest('You must upload exactly one file.');
    if (unicodeEmoji().byName(name) && !isAdministrator(actor.role)) {
      throw ApiError.badRequest('Only administrators can override default emoji.');
    }
    const [file] = files;
    if (file.data.length > MAX_EMOJI_FILE_SIZE_MIB * 1024 * 1024) {
      throw ApiError.badRequest(`Uploaded file is larger than the allowed limit of ${MAX_EMOJI_FILE_SIZE_MIB} MiB`);
    }
    const image = await inspectImage(file.data);
    const resized = await emojiImage(file.data, EMOJI_SIZE, image);
    const still = image.animated ? await stillPng(file.data, EMOJI_SIZE) : null;

    await this.tx.run(async () => {
      const row = await this.emoji.insert({ realmId: actor.realmId, name, authorId: actor.id, isAnimated: image.animated });
      if (!row) throw ApiError.badRequest('A custom emoji with this name already exists.');
      // Not guessable from the id, so the realm's emoji cannot be listed by URL.
      const fileName = `${row.id}-${randomBytes(6).toString('hex')}.${resized.extension}`;
      await this.emoji.setFileName(row.id, fileName);
      await this.store.put(emojiImageKey(actor.realmId, fileName), resized.data);
      if (still) await this.store.put(emojiStillKey(actor.realmId, fileName), still);
      const all = await this.emoji.listAll(actor.realmId);
      const audience = await this.users.allActiveUserIds(actor.realmId);
      this.database.record(new RealmEmojiChangedEvent(actor.realmId, audience, all));
    });
  }
}
