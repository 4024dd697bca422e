import { CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { Database } from '../../platform/database/database';
import { fittedPng, inspectImage, squarePng } from '../../platform/storage/images';
import { UploadStore } from '../../platform/storage/upload-store';
import { TransactionRunner } from '../../platform/database/transaction-runner';
import { ApiError } from '../../shared/api-error';
import { Actor } from '../../shared/actor';
import { UploadedFile } from '../../shared/uploaded-file';
import { RealmSettingsChangedEvent } from '../events/realm-settings-changed.event';
import { RealmSettingsStore } from '../persistence/realm-settings.store';
import { RealmUserReader } from '../public/users.port';
import { DEFAULT_SOURCE, realmImageData, realmImageKey, RealmImageKind, realmImageUrl, UPLOADED } from '../public/realm-images';

/** Zulip's MAX_ICON_FILE_SIZE_MIB and MAX_LOGO_FILE_SIZE_MIB defaults (register's `max_icon_file_size_mib`, ...). */
const MAX_IMAGE_FILE_SIZE_MIB = 5;
/** Zulip's DEFAULT_AVATAR_SIZE: the icon's square, and the logo's height (at most eight times as wide). */
const ICON_SIZE = 100;

const COLUMNS: Readonly<Record<RealmImageKind, { source: string; version: string }>> = {
  icon: { source: 'icon_source', version: 'icon_version' },
  logo: { source: 'logo_source', version: 'logo_version' },
  night_logo: { source: 'night_logo_source', version: 'night_logo_version' },
};

/** `POST /realm/icon`, `/realm/logo` (files: the upload) or their `DELETE` (null). */
export class ChangeRealmImageCommand {
  constructor(
    readonly actor: Actor,
    readonly kind: RealmImageKind,
    readonly files: readonly UploadedFile[] | null,
  ) {}
}

/**
 * Zulip's upload_icon / delete_icon_backend and upload_logo / delete_logo_backend (the
 * endpoint has checked the administrator): exactly one image under the size limit,
 * stored as a 100-pixel square (the icon) or within 800 by 100 (a logo); the source and
 * version change together and every active user gets one `realm` `update_dict` event.
 * Deleting keeps the file, as Zulip does (a cached URL may still ask for it); the next
 * upload overwrites it. Answers the new URL.
 */
@CommandHandler(ChangeRealmImageCommand)
export class ChangeRealmImageHandler implements ICommandHandler<ChangeRealmImageCommand, string> {
  constructor(
    private readonly tx: TransactionRunner,
    private readonly store: UploadStore,
    private readonly database: Database,
    private readonly settings: RealmSettingsStore,
    private readonly users: RealmUserReader,
  ) {}

  async execute(command: ChangeRealmImageCommand): Promise<string> {
    const { actor, kind, files } = command;
    const noun = kind === 'icon' ? 'icon' : 'logo';
    let image: Buffer | null = null;
    if (files !== null) {
      if (files.length !== 1) throw ApiError.badRequest(`You must upload exactly one ${noun}.`);
      const [file] = files;
      if (file.data.length > MAX_IMAGE_FILE_SIZE_MIB * 1024 * 1024) {
        throw ApiError.badRequest(`Uploaded file is larger than the allowed limit of ${MAX_IMAGE_FILE_SIZE_MIB} MiB`);
      }
      await inspectImage(file.data);
      image = kind === 'icon' ? await squarePng(file.data, ICON_SIZE) : await fittedPng(file.data, 8 * ICON_SIZE, ICON_SIZE);
    }
    if (image !== null) await this.store.put(realmImageKey(actor.realmId, kind), image);
    return this.tx.run(async () => {
      const { source, version } = COLUMNS[kind];
      const realm = await this.settings.setImage(actor.realmId, { source, version }, image === null ? DEFAULT_SOURCE[kind] : UPLOADED);
      const audience = await this.users.allActiveUserIds(actor.realmId);
      this.database.record(
        new RealmSettingsChangedEvent(actor.realmId, [{ kind: 'image', property: kind, data: realmImageData(realm, kind) }], audience),
      );
      return realmImageUrl(realm, kind);
    });
  }
}
