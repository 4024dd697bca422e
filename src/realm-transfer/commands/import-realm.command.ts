import { CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { ImportSummary, RealmImporter } from '../persistence/realm-importer';

/**
 * `import-realm`: the archive at `input` (an absolute path) becomes a new realm here, in
 * one transaction of its own (see RealmImporter); a realm of its subdomain must not exist.
 */
export class ImportRealmCommand {
  constructor(readonly input: string) {}
}

@CommandHandler(ImportRealmCommand)
export class ImportRealmHandler implements ICommandHandler<ImportRealmCommand, ImportSummary> {
  constructor(private readonly importer: RealmImporter) {}

  execute(command: ImportRealmCommand): Promise<ImportSummary> {
    return this.importer.import(command.input);
  }
}
