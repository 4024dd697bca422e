import { Module } from '@nestjs/common';
import { MessagesModule } from '../messages/messages.module';
import { RealmModule } from '../realm/realm.module';
import { UsersModule } from '../users/users.module';
import { RealmExportsController } from './api/realm-exports.controller';
import { ImportRealmHandler } from './commands/import-realm.command';
import {
  ClaimRealmExportHandler,
  DeleteRealmExportHandler,
  FailAbandonedRealmExportsHandler,
  RealmExportList,
  RequestRealmExportHandler,
  WriteRealmExportHandler,
} from './commands/realm-export.commands';
import { RealmExportEventProjections } from './events/realm-export-event.projections';
import { RealmExportWakeEffects } from './events/realm-export-wake.effects';
import { RealmExportRunner } from './jobs/realm-export-runner';
import { ExportArchiveWriter } from './persistence/export-archive-writer';
import { RealmExportStore } from './persistence/realm-export.store';
import { RealmExporter } from './persistence/realm-exporter';
import { RealmImporter } from './persistence/realm-importer';
import { ExportRealmHandler } from './queries/export-realm.query';
import { GetExportConsentsHandler, GetRealmExportsHandler, OpenRealmExportHandler } from './queries/realm-export.queries';

/**
 * Moving a realm between servers: `export-realm` writes an archive (`ExportRealmQuery`),
 * `import-realm` reads one (`ImportRealmCommand`). And Zulip's data exports through the
 * API (`/export/realm`): archives written by a background runner (`RealmExportRunner`,
 * started by the server process), downloaded by the realm's administrators.
 */
@Module({
  imports: [MessagesModule, UsersModule, RealmModule],
  controllers: [RealmExportsController],
  providers: [
    RealmExporter,
    RealmImporter,
    ExportRealmHandler,
    ImportRealmHandler,
    RealmExportStore,
    ExportArchiveWriter,
    RealmExportList,
    RequestRealmExportHandler,
    DeleteRealmExportHandler,
    ClaimRealmExportHandler,
    WriteRealmExportHandler,
    FailAbandonedRealmExportsHandler,
    GetRealmExportsHandler,
    GetExportConsentsHandler,
    OpenRealmExportHandler,
    RealmExportRunner,
    RealmExportEventProjections,
    RealmExportWakeEffects,
  ],
  exports: [RealmExportRunner],
})
export class RealmTransferModule {}
