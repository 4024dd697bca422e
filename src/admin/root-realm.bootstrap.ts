import * as fs from 'node:fs';
import * as path from 'node:path';
import { randomBytes } from 'node:crypto';
import { Injectable, Logger, OnModuleInit } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { ServerSettings, StorageSettings } from '../platform/config/settings';
import { withBootstrapLock } from '../platform/database/database.module';
import { TransactionRunner } from '../platform/database/transaction-runner';
import { ROOT_SUBDOMAIN } from '../realm/public/realm-addressing';
import { RealmDirectory } from '../realm/queries/realm-directory';
import { Role } from '../shared/roles';
import { RealmSetup } from './commands/realm-setup';
import { UserCreation } from './commands/user-creation';
import { Database } from '../platform/database/database';

export interface FirstOwner {
  email: string;
  password: string;
  apiKey: string;
  zuliprcPath: string;
}

/**
 * The root realm exists as soon as the database does (whoever creates the database, server
 * or CLI, creates it); the server gives it an owner on its first start. Both steps run
 * under the bootstrap lock, so of several processes starting together exactly one acts.
 */
@Injectable()
export class RootRealmBootstrap implements OnModuleInit {
  private readonly logger = new Logger(RootRealmBootstrap.name);

  constructor(
    private readonly dataSource: DataSource,
    private readonly tx: TransactionRunner,
    private readonly realms: RealmDirectory,
    private readonly realmSetup: RealmSetup,
    private readonly creation: UserCreation,
    private readonly server: ServerSettings,
    private readonly storage: StorageSettings,
    private readonly database: Database,
  ) {}

  async onModuleInit(): Promise<void> {
    await withBootstrapLock(this.dataSource, async () => {
      if (await this.realms.findBySubdomain(ROOT_SUBDOMAIN)) return;
      await this.tx.run(() => this.realmSetup.create(ROOT_SUBDOMAIN, this.server.realmName));
      this.logger.log(`created the root realm '${this.server.realmName}'`);
    });
  }

  /** Creates the root realm's owner if it has none; null when one already existed. */
  async ensureOwner(): Promise<FirstOwner | null> {
    const password = randomBytes(12).toString('base64url');
    const checked = await this.creation.check({
      email: this.server.ownerEmail,
      fullName: 'Owner',
      role: Role.Owner,
      password,
    });
    return withBootstrapLock(this.dataSource, async () => {
      const realm = await this.realms.findBySubdomain(ROOT_SUBDOMAIN);
      if (!realm) throw new Error('the root realm is missing');
      const owners = await this.dataSource.query(
        `SELECT 1 FROM user_profile WHERE realm_id = $1 AND role = $2 AND NOT is_bot LIMIT 1`,
        [realm.id, Role.Owner],
      );
      if (owners.length > 0) return null;
      const owner = await this.tx.run(() => this.creation.insert(realm, checked));
      const zuliprcPath = this.zuliprcFile();
      fs.mkdirSync(this.storage.dataDir, { recursive: true, mode: 0o700 });
      // Readable by the server's user alone: it holds the owner's API key.
      fs.writeFileSync(
        zuliprcPath,
        `[api]\nemail=${owner.deliveryEmail}\nkey=${owner.apiKey}\nsite=${this.server.externalUriScheme}${this.server.externalHost}\n`,
        { mode: 0o600 },
      );
      return { email: owner.deliveryEmail, password, apiKey: owner.apiKey, zuliprcPath };
    });
  }

  /** The first start's zuliprc, if this server's data directory holds one (another server's may have it). */
  zuliprcPath(): string | undefined {
    const file = this.zuliprcFile();
    return fs.existsSync(file) ? file : undefined;
  }

  /** Realms not deactivated, for the start-up summary. */
  async realmCount(): Promise<number> {
    const [row] = await this.database.query<{ n: number }>(`SELECT count(*)::int AS n FROM realm WHERE NOT deactivated`);
    return row.n;
  }

  private zuliprcFile(): string {
    return path.join(this.storage.dataDir, 'zuliprc');
  }
}
