import { Injectable } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { DataSource } from 'typeorm';
import { EventDispatcher } from '../../platform/events/queues/event-dispatcher.service';
import { EventQueueStore } from '../../platform/events/queues/event-queue-store';
import { LongPollService } from '../../platform/events/queues/long-poll.service';
import { DatabaseSettings, RedisSettings } from '../../platform/config/settings';
import { JobRegistry } from '../../platform/observability/job-registry';
import { ROLE_NAMES, Role } from '../../shared/roles';
import { UserDirectory } from '../../users/queries/user-directory';
import { ReactivateUserCommand } from '../commands/reactivate-user.command';
import { RegenerateApiKeyCommand } from '../commands/regenerate-api-key.command';
import { UpdateUserCommand } from '../commands/update-user.command';
import { SetPasswordCommand } from '../../users/commands/set-password.command';

/** `user.role` as the CLI spells it. */
export function roleName(role: number): string {
  return Object.entries(ROLE_NAMES).find(([, value]) => value === role)?.[0] ?? String(role);
}

interface Actor {
  id: number;
  role: number;
  realmId: number;
}

/** A failure of an operations command, reported like any CLI failure. */
export class OperationError extends Error {}

/**
 * The CLI's operations commands: listing realms and users, bringing a user back, new API
 * keys, roles, and the server's status. Changes go through the same commands as the API,
 * so their events reach clients; the CLI acts with an owner's authority.
 */
@Injectable()
export class CliOperations {
  private readonly startedAt = Date.now();

  constructor(
    private readonly database: DatabaseSettings,
    private readonly redis: RedisSettings,
    private readonly commandBus: CommandBus,
    private readonly users: UserDirectory,
    private readonly dataSource: DataSource,
    private readonly store: EventQueueStore,
    private readonly polls: LongPollService,
    private readonly dispatcher: EventDispatcher,
    private readonly jobs: JobRegistry,
  ) {}

  async listRealms(): Promise<{ realms: object[] }> {
    const rows = await this.dataSource.query<
      { id: number; string_id: string; name: string; deactivated: boolean; date_created: Date; users: string; bots: string }[]
    >(
      `SELECT r.id, r.string_id, r.name, r.deactivated, r.date_created,
              count(u.id) FILTER (WHERE u.is_active AND NOT u.is_bot) AS users,
              count(u.id) FILTER (WHERE u.is_active AND u.is_bot) AS bots
         FROM realm r LEFT JOIN user_profile u ON u.realm_id = r.id
        GROUP BY r.id ORDER BY r.id`,
    );
    return {
      realms: rows.map((row) => ({
        realm_id: row.id,
        subdomain: row.string_id,
        name: row.name,
        deactivated: row.deactivated,
        date_created: new Date(row.date_created).toISOString(),
        active_users: Number(row.users),
        active_bots: Number(row.bots),
      })),
    };
  }

  async listUsers(realmId: number): Promise<{ users: object[] }> {
    const rows = await this.dataSource.query<
      { id: number; delivery_email: string; full_name: string; role: number; is_active: boolean; is_bot: boolean; bot_type: number | null; bot_owner_id: number | null; date_joined: Date }[]
    >(
      `SELECT id, delivery_email, full_name, role, is_active, is_bot, bot_type, bot_owner_id, date_joined
         FROM user_profile WHERE realm_id = $1 ORDER BY id`,
      [realmId],
    );
    return {
      users: rows.map((row) => ({
        user_id: row.id,
        email: row.delivery_email,
        full_name: row.full_name,
        role: roleName(row.role),
        is_active: row.is_active,
        is_bot: row.is_bot,
        bot_type: row.bot_type,
        bot_owner_id: row.bot_owner_id,
        date_joined: new Date(row.date_joined).toISOString(),
      })),
    };
  }

  async reactivateUser(realmId: number, email: string): Promise<{ user_id: number; is_active: true }> {
    const user = await this.user(realmId, email);
    await this.commandBus.execute(new ReactivateUserCommand(await this.ownerActor(realmId), user.id));
    return { user_id: user.id, is_active: true };
  }

  async regenerateApiKey(realmId: number, email: string): Promise<{ user_id: number; api_key: string }> {
    const user = await this.user(realmId, email);
    if (!user.isActive) throw new OperationError(`user '${email}' is deactivated`);
    // A person's own key, as `POST /users/me/api_key/regenerate`; a bot's as its administrator's.
    const command = user.isBot
      ? new RegenerateApiKeyCommand(await this.ownerActor(realmId), user.id)
      : new RegenerateApiKeyCommand({ id: user.id, role: user.role, realmId }, null);
    const { api_key } = await this.commandBus.execute<RegenerateApiKeyCommand, { api_key: string }>(command);
    return { user_id: user.id, api_key };
  }

  async changeRole(realmId: number, email: string, roleArg: string): Promise<{ user_id: number; role: string }> {
    const role = ROLE_NAMES[roleArg];
    if (role === undefined) throw new OperationError(`--role must be one of ${Object.keys(ROLE_NAMES).join(', ')}`);
    const user = await this.user(realmId, email);
    await this.commandBus.execute(new UpdateUserCommand(await this.ownerActor(realmId), user.id, { role }));
    return { user_id: user.id, role: roleArg };
  }

  async changePassword(realmId: number, email: string, password: string): Promise<{ user_id: number }> {
    const user = await this.user(realmId, email);
    return this.commandBus.execute(new SetPasswordCommand(realmId, user.id, password));
  }

  /** What this process sees: with Redis, queues are every process's; parked polls are this one's. */
  async status(answeredByServer: boolean): Promise<object> {
    const jobs = [];
    for (const probe of this.jobs.all()) {
      jobs.push({ queue: probe.name, backend: probe.backend, waiting: await probe.depth(), running: probe.running() });
    }
    return {
      process: answeredByServer ? 'server' : 'cli',
      pid: process.pid,
      uptime_seconds: Math.round((Date.now() - this.startedAt) / 1000),
      database: this.database.embedded ? 'embedded' : 'postgresql',
      event_queue_store: this.redis.url ? 'redis' : 'memory',
      event_queues: await this.store.count(),
      parked_polls: this.polls.parkedQueueIds().length,
      events_delivered: this.dispatcher.deliveredEvents,
      jobs,
    };
  }

  private async user(realmId: number, email: string) {
    const user = await this.users.findByDeliveryEmail(realmId, email);
    if (!user) throw new OperationError(`no user '${email}' in this realm`);
    return user;
  }

  /**
   * Whom the CLI acts as: the realm's longest-standing active human owner (a bot whose
   * owner is gone passes to them on reactivation), or an owner's authority alone when the
   * realm has none left (the CLI is how one comes back).
   */
  private async ownerActor(realmId: number): Promise<Actor> {
    return { id: (await longestStandingOwnerId(this.dataSource, realmId)) ?? 0, role: Role.Owner, realmId };
  }
}

/** The realm's longest-standing active human owner, whom CLI commands act as by default. */
export async function longestStandingOwnerId(dataSource: DataSource, realmId: number): Promise<number | null> {
  const [owner] = await dataSource.query<{ id: number }[]>(
    `SELECT id FROM user_profile WHERE realm_id = $1 AND role = $2 AND is_active AND NOT is_bot ORDER BY id LIMIT 1`,
    [realmId, Role.Owner],
  );
  return owner?.id ?? null;
}
