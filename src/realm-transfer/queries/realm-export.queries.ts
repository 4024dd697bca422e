import { ReadStream } from 'node:fs';
import { IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import { Database } from '../../platform/database/database';
import { isAdministrator } from '../../shared/roles';
import { Actor } from '../../shared/actor';
import { RealmExportList } from '../commands/realm-export.commands';
import { parseExportPath, RealmExportWire } from '../domain/realm-exports';
import { ExportArchiveWriter } from '../persistence/export-archive-writer';
import { RealmExportStore } from '../persistence/realm-export.store';

/** `GET /export/realm` (an administrator's). */
export class GetRealmExportsQuery {
  constructor(readonly actor: Actor) {}
}

@QueryHandler(GetRealmExportsQuery)
export class GetRealmExportsHandler implements IQueryHandler<GetRealmExportsQuery, RealmExportWire[]> {
  constructor(
    private readonly list: RealmExportList,
    private readonly database: Database,
  ) {}

  execute({ actor }: GetRealmExportsQuery): Promise<RealmExportWire[]> {
    return this.database.onOneConnection(() => this.list.wire(actor.realmId));
  }
}

/** `GET /export/realm/consents` (an administrator's). */
export class GetExportConsentsQuery {
  constructor(readonly actor: Actor) {}
}

@QueryHandler(GetExportConsentsQuery)
export class GetExportConsentsHandler implements IQueryHandler<GetExportConsentsQuery, { user_id: number; consented: boolean }[]> {
  constructor(private readonly store: RealmExportStore) {}

  execute({ actor }: GetExportConsentsQuery): Promise<{ user_id: number; consented: boolean }[]> {
    return this.store.consents(actor.realmId);
  }
}

/** The archive at `/user_avatars/exports/<path>`, for a reader of the request's realm (null: anonymous). */
export class OpenRealmExportQuery {
  constructor(
    readonly realmId: number,
    readonly reader: Actor | null,
    readonly wildcard: string,
  ) {}
}

export type ExportDownload =
  | { kind: 'allowed'; stream: ReadStream; size: number; filename: string }
  | { kind: 'anonymous' }
  | { kind: 'forbidden' }
  | { kind: 'missing' };

/**
 * Who may download an export: the administrators of its realm, signed in (Zulip serves the
 * file to whoever has its unguessable URL; here the URL alone is not enough). Another
 * realm's export, a deleted or unknown one, is missing; a member of the realm is refused.
 */
@QueryHandler(OpenRealmExportQuery)
export class OpenRealmExportHandler implements IQueryHandler<OpenRealmExportQuery, ExportDownload> {
  constructor(
    private readonly store: RealmExportStore,
    private readonly archives: ExportArchiveWriter,
  ) {}

  async execute({ realmId, reader, wildcard }: OpenRealmExportQuery): Promise<ExportDownload> {
    if (reader === null) return { kind: 'anonymous' };
    const parsed = parseExportPath(wildcard);
    if (!parsed || parsed.realmId !== realmId || reader.realmId !== realmId) return { kind: 'missing' };
    if (!isAdministrator(reader.role)) return { kind: 'forbidden' };
    if (!(await this.store.succeededAt(realmId, parsed.exportPath))) return { kind: 'missing' };
    const opened = await this.archives.open(parsed.exportPath);
    if (!opened) return { kind: 'missing' };
    return { kind: 'allowed', ...opened, filename: parsed.exportPath.split('/').pop() as string };
  }
}
