import { effectiveRealmProperties } from '../../realm/public/realm-properties';
import { CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { TransactionRunner } from '../../platform/database/transaction-runner';
import { inspectImage, squarePng } from '../../platform/storage/images';
import { UploadStore } from '../../platform/storage/upload-store';
import { RealmDirectory } from '../../realm/queries/realm-directory';
import { ApiError } from '../../shared/api-error';
import { AvatarSource, storedAvatarUrl, uploadedAvatarKey } from '../../users/public/user-identity';
import { isAdministrator } from '../../shared/roles';
import { UserRow } from '../../users/public/user-row';
import { UserDirectory } from '../../users/queries/user-directory';
import { Actor } from '../../shared/actor';
import { UploadedFile } from '../../shared/uploaded-file';
import { AvatarChangedEvent } from '../events/avatar-events';
import { Database } from '../../platform/database/database';
import { UserProfileWrites } from '../../users/commands/user-profile.writes';

/** Zulip's MAX_AVATAR_FILE_SIZE_MIB default (register's `max_avatar_file_size_mib`). */
export const MAX_AVATAR_FILE_SIZE_MIB = 5;
/** Zulip's DEFAULT_AVATAR_SIZE and MEDIUM_AVATAR_SIZE. */
const AVATAR_SIZE = 100;
const MEDIUM_AVATAR_SIZE = 500;

/** `POST /users/me/avatar` (files: the upload) or `DELETE /users/me/avatar` (null). */
export class ChangeAvatarCommand {
  constructor(
    readonly actor: Actor,
    readonly files: readonly UploadedFile[] | null,
  ) {}
}

/**
 * Zulip's set_avatar_backend / delete_avatar_backend: exactly one image, the realm's
 * `avatar_changes_disabled` (administrators are exempt), the size limit; the image is
 * stored at 100x100 and 500x500 and the user's `avatar_version` goes up, so every URL
 * changes. Answers the new `avatar_url`.
 */
@CommandHandler(ChangeAvatarCommand)
export class ChangeAvatarHandler implements ICommandHandler<ChangeAvatarCommand, string> {
  constructor(
    private readonly tx: TransactionRunner,
    private readonly users: UserDirectory,
    private readonly realms: RealmDirectory,
    private readonly store: UploadStore,
    private readonly database: Database,
    private readonly profiles: UserProfileWrites,
  ) {}

  async execute(command: ChangeAvatarCommand): Promise<string> {
    const { actor, files } = command;
    if (files !== null && files.length !== 1) throw ApiError.badRequest('You must upload exactly one avatar.');
    const realm = await this.realms.requireById(actor.realmId);
    if (effectiveRealmProperties(realm.properties).avatar_changes_disabled === true && !isAdministrator(actor.role)) {
      throw ApiError.badRequest('Avatar changes are disabled in this organization.');
    }
    let images: { small: Buffer; medium: Buffer } | null = null;
    if (files !== null) {
      const [file] = files;
      if (file.data.length > MAX_AVATAR_FILE_SIZE_MIB * 1024 * 1024) {
        throw ApiError.badRequest(`Uploaded file is larger than the allowed limit of ${MAX_AVATAR_FILE_SIZE_MIB} MiB`);
      }
      await inspectImage(file.data);
      images = {
        small: await squarePng(file.data, AVATAR_SIZE),
        medium: await squarePng(file.data, MEDIUM_AVATAR_SIZE),
      };
    }

    const { avatarUrl, user } = await this.tx.run(async () => {
      const user = await this.lockUser(actor.id);
      const source = images ? AvatarSource.Uploaded : AvatarSource.Gravatar;
      await this.profiles.setAvatarSource(user.id, source);
      const updated: UserRow = { ...user, avatarSource: source, avatarVersion: user.avatarVersion + 1 };
      if (images) {
        await this.store.put(uploadedAvatarKey(user, false), images.small);
        await this.store.put(uploadedAvatarKey(user, true), images.medium);
      }
      const audience = await this.users.activeUserRoles(user.realmId);
      const avatarUrl = storedAvatarUrl(updated);
      this.database.record(
        new AvatarChangedEvent(user.realmId, audience.map((viewer) => viewer.id), {
          avatar_source: source,
          avatar_url: avatarUrl,
          avatar_url_medium: storedAvatarUrl(updated, true),
          avatar_version: updated.avatarVersion,
          user_id: user.id,
        }),
      );
      return { avatarUrl, user };
    });
    // The old image goes only once the user no longer points at it.
    if (!images) {
      await this.store.remove(uploadedAvatarKey(user, false));
      await this.store.remove(uploadedAvatarKey(user, true));
    }
    return avatarUrl;
  }

  private async lockUser(userId: number): Promise<UserRow> {
    const user = await this.profiles.lock(userId);
    if (!user) throw ApiError.unauthorized('Not logged in: API authentication or user session required');
    return user;
  }
}
