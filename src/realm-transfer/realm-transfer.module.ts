import { Module } from '@nestjs/common';
import { ImportRealmHandler } from './commands/import-realm.command';
import { RealmExporter } from './persistence/realm-exporter';
import { RealmImporter } from './persistence/realm-importer';
import { ExportRealmHandler } from './queries/export-realm.query';

/**
 * Moving a realm between servers: `export-realm` writes an archive (`ExportRealmQuery`),
 * `import-realm` reads one (`ImportRealmCommand`). Used through the buses: it exports no
 * provider.
 */
@Module({
  providers: [RealmExporter, RealmImporter, ExportRealmHandler, ImportRealmHandler],
})
export class RealmTransferModule {}
