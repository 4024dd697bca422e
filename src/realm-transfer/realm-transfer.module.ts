import { Module } from '@nestjs/common';
import { RealmExporter } from './persistence/realm-exporter';
import { RealmImporter } from './persistence/realm-importer';

/** Moving a realm between servers: `export-realm` writes an archive, `import-realm` reads one. */
@Module({
  providers: [RealmExporter, RealmImporter],
  exports: [RealmExporter, RealmImporter],
})
export class RealmTransferModule {}
