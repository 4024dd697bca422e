import { Injectable, Logger } from '@nestjs/common';
import { CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { MessageSending, SendMessageCommand } from '../../messages/commands/send-message.command';
import { ServerSettings } from '../../platform/config/settings';
import { Database } from '../../platform/database/database';
import { TransactionRunner } from '../../platform/database/transaction-runner';
import { RealmAddressing } from '../../realm/public/realm-addressing';
import { RealmDirectory } from '../../realm/queries/realm-directory';
import { actorOf } from '../../users/public/user-row';
import { UserDirectory } from '../../users/queries/user-directory';
import { Actor } from '../../shared/actor';
import {
  checkDeletable,
  checkExportRequest,
  EXPORT_COMPLETE_NOTICE,
  EXPORT_LIMIT_WINDOW_MS,
  ExportType,
  exportUrlPath,
  RealmExportRecord,
  realmExportsWire,
  RealmExportWire,
} from '../domain/realm-exports';
import { RealmExportRequestedEvent, RealmExportsChangedEvent } from '../events/realm-export-events';
import { ExportArchiveWriter } from '../persistence/export-archive-writer';
import { RealmExportStore } from '../persistence/realm-export.store';

/**
 * The realm's exports as the API shows them, the URLs on the realm's host. Used inside a
 * transaction by the commands (for their event) and by the list query.
 */
@Injectable()
export class RealmExportList {
  constructor(
    private readonly store: RealmExportStore,
    private readonly realms: RealmDirectory,
    private readonly addressing: RealmAddressing,
    private readonly users: UserDirectory,
    private readonly database: Database,
  ) {}

  async wire(realmId: number): Promise<RealmExportWire[]> {
    const realm = await this.realms.requireById(realmId);
    const base = this.addressing.url(realm.stringId);
    return realmExportsWire(await this.store.listInRealm(realmId), (exportPath) => `${base}${exportUrlPath(exportPath)}`);
  }

  /** Zulip's `notify_realm_export`, recorded in the caller's transaction. */
  async recordChanged(realmId: number): Promise<void> {
    const administrators = await this.users.humanAdministratorIds(realmId);
    this.database.record(new RealmExportsChangedEvent(realmId, administrators, await this.wire(realmId)));
  }
}

/** `POST /export/realm`: `type` is one of API_EXPORT_TYPES; the actor is an administrator. */
export class RequestRealmExportCommand {
  constructor(readonly actor: Actor, readonly type: ExportType) {}
}

/**
 * Zulip's `export_realm` view: checks the rate limit, the size and that an owner could use
 * the result, records the request (`pending`), tells the administrators, and once committed
 * a job writes the archive.
 */
@CommandHandler(RequestRealmExportCommand)
export class RequestRealmExportHandler implements ICommandHandler<RequestRealmExportCommand, { id: number }> {
  constructor(
    private readonly tx: TransactionRunner,
    private readonly store: RealmExportStore,
    private readonly list: RealmExportList,
    private readonly server: ServerSettings,
    private readonly database: Database,
  ) {}

  execute({ actor, type }: RequestRealmExportCommand): Promise<{ id: number }> {
    return this.tx.run(async () => {
      const facts = await this.store.requestFacts(actor.realmId, new Date(Date.now() - EXPORT_LIMIT_WINDOW_MS));
      checkExportRequest(type, facts, this.server.ownerEmail);
      const row = await this.store.insert(actor.realmId, actor.id, type);
      await this.list.recordChanged(actor.realmId);
      this.database.record(new RealmExportRequestedEvent(row.id));
      return { id: row.id };
    });
  }
}

/** `DELETE /export/realm/{export_id}`. */
export class DeleteRealmExportCommand {
  constructor(readonly actor: Actor, readonly exportId: number) {}
}

/**
 * Zulip's `do_delete_realm_export`: only a finished export; marked deleted and the
 * administrators told in one transaction, the archive removed once that committed (a
 * rollback never leaves a row pointing at a removed file).
 */
@CommandHandler(DeleteRealmExportCommand)
export class DeleteRealmExportHandler implements ICommandHandler<DeleteRealmExportCommand, Record<string, never>> {
  constructor(
    private readonly tx: TransactionRunner,
    private readonly store: RealmExportStore,
    private readonly list: RealmExportList,
    private readonly archives: ExportArchiveWriter,
  ) {}

  async execute({ actor, exportId }: DeleteRealmExportCommand): Promise<Record<string, never>> {
    const exportPath = await this.tx.run(async () => {
      const row = checkDeletable(await this.store.lockInRealm(actor.realmId, exportId));
      await this.store.markDeleted(row.id);
      await this.list.recordChanged(actor.realmId);
      return row.exportPath;
    });
    if (exportPath !== null) await this.archives.remove(exportPath);
    return {};
  }
}

/** The runner's first step: take the oldest requested export, marked started; null when none waits. */
export class ClaimRealmExportCommand {}

@CommandHandler(ClaimRealmExportCommand)
export class ClaimRealmExportHandler implements ICommandHandler<ClaimRealmExportCommand, RealmExportRecord | null> {
  constructor(
    private readonly tx: TransactionRunner,
    private readonly store: RealmExportStore,
  ) {}

  execute(): Promise<RealmExportRecord | null> {
    return this.tx.run(() => this.store.claimRequested());
  }
}

/** The runner's second step: write the claimed export's archive and record how it ended. */
export class WriteRealmExportCommand {
  constructor(readonly claimed: RealmExportRecord) {}
}

export type ExportOutcome = 'succeeded' | 'failed';

/**
 * Zulip's `export_realm_wrapper` and `export_realm_from_event`: the archive is written
 * outside any transaction (in its own read-only snapshot); then one transaction records
 * it, the notification bot tells whoever asked, and the administrators get the list. A
 * failure marks the export failed (and tells them); the partial file is gone already.
 */
@CommandHandler(WriteRealmExportCommand)
export class WriteRealmExportHandler implements ICommandHandler<WriteRealmExportCommand, ExportOutcome> {
  private readonly logger = new Logger(WriteRealmExportHandler.name);

  constructor(
    private readonly tx: TransactionRunner,
    private readonly store: RealmExportStore,
    private readonly list: RealmExportList,
    private readonly archives: ExportArchiveWriter,
    private readonly realms: RealmDirectory,
    private readonly users: UserDirectory,
    private readonly sending: MessageSending,
  ) {}

  async execute({ claimed }: WriteRealmExportCommand): Promise<ExportOutcome> {
    const started = Date.now();
    let archive;
    try {
      const realm = { id: claimed.realmId, subdomain: (await this.realms.requireById(claimed.realmId)).stringId };
      const exportPath = this.archives.newPath(realm);
      await this.tx.run(() => this.store.recordPath(claimed.id, exportPath));
      archive = await this.archives.write(realm, claimed.type as ExportType, exportPath);
    } catch (error) {
      this.logger.error(`data export ${claimed.id} of realm ${claimed.realmId} failed after ${Date.now() - started} ms: ${(error as Error).stack ?? String(error)}`);
      await this.fail(claimed);
      return 'failed';
    }
    const written = archive;
    const recorded = await this.tx.run(async () => {
      if (!(await this.store.markSucceeded(claimed.id, written))) return false;
      await this.notifyRequester(claimed);
      await this.list.recordChanged(claimed.realmId);
      return true;
    });
    // The row was failed meanwhile (taken for abandoned): the archive is nobody's.
    if (!recorded) {
      await this.archives.remove(written.exportPath);
      return 'failed';
    }
    this.logger.log(`data export ${claimed.id} of realm ${claimed.realmId}: ${written.bytes} bytes in ${Date.now() - started} ms`);
    return 'succeeded';
  }

  private async fail(claimed: RealmExportRecord): Promise<void> {
    await this.tx.run(async () => {
      if (await this.store.markFailed(claimed.id)) await this.list.recordChanged(claimed.realmId);
    });
  }

  /** Zulip's direct message from the notification bot to the export's requester. */
  private async notifyRequester(claimed: RealmExportRecord): Promise<void> {
    if (claimed.actingUserId === null) return;
    const realm = await this.realms.requireById(claimed.realmId);
    const requester = await this.users.findById(claimed.actingUserId);
    const bot = realm.notificationBotId === null ? null : await this.users.findById(realm.notificationBotId);
    if (!bot || !requester || !requester.isActive) return;
    await this.sending.send(
      new SendMessageCommand(actorOf(bot), { kind: 'private', to: [requester.id] }, EXPORT_COMPLETE_NOTICE, 'Internal', undefined, null, {
        readBy: [],
      }),
    );
  }
}

/**
 * The runner's sweep: exports left started by a process that died (their job stopped
 * beating) are failed, as Zulip fails an export whose queue event comes back, and each
 * realm's administrators told.
 */
export class FailAbandonedRealmExportsCommand {
  constructor(readonly staleSeconds: number, readonly runningHere: readonly number[]) {}
}

@CommandHandler(FailAbandonedRealmExportsCommand)
export class FailAbandonedRealmExportsHandler implements ICommandHandler<FailAbandonedRealmExportsCommand, number> {
  constructor(
    private readonly tx: TransactionRunner,
    private readonly store: RealmExportStore,
    private readonly list: RealmExportList,
    private readonly archives: ExportArchiveWriter,
  ) {}

  async execute({ staleSeconds, runningHere }: FailAbandonedRealmExportsCommand): Promise<number> {
    const { realmIds, exportPaths } = await this.tx.run(async () => {
      const abandoned = await this.store.failAbandoned(staleSeconds, runningHere);
      for (const realmId of abandoned.realmIds) await this.list.recordChanged(realmId);
      return abandoned;
    });
    // The dead writer's partial archives, once the rows no longer name them as running.
    for (const exportPath of exportPaths) await this.archives.remove(exportPath);
    return realmIds.length;
  }
}
