import { IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import { ExportSummary, RealmExporter } from '../persistence/realm-exporter';

/**
 * `export-realm`: one realm's rows and files into an archive at `output` (an absolute
 * path; an existing file is never overwritten). A query: it reads one consistent snapshot
 * and changes nothing on the server; the archive is written outside its data.
 */
export class ExportRealmQuery {
  constructor(
    readonly subdomain: string,
    readonly output: string,
  ) {}
}

@QueryHandler(ExportRealmQuery)
export class ExportRealmHandler implements IQueryHandler<ExportRealmQuery, ExportSummary> {
  constructor(private readonly exporter: RealmExporter) {}

  execute(query: ExportRealmQuery): Promise<ExportSummary> {
    return this.exporter.export(query.subdomain, query.output);
  }
}
