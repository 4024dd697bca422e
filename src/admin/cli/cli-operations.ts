import { Injectable } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { EventDispatcher } from '../../platform/events/queues/event-dispatcher.service';
import { EventQueueStore } from '../../platform/events/queues/event-queue-store';
import { LongPollService } from '../../platform/events/queues/long-poll.service';
import { DatabaseSettings, RedisSettings } from '../../platform/config/settings';
import { JobRegistry } from '../../platform/observability/job-registry';
import { ROLE_NAMES, Role } from '../../shared/roles';
import { UserDirectory } from '../../users/queries/user-directory';
import { RealmDirectory } from '../../realm/queries/realm-directory';
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
    private readonly realms: RealmDirectory,
    private readonly store: EventQueueStore,
    private readonly polls: LongPollService,
    private readonly dispatcher: EventDispatcher,
    private readonly jobs: JobRegistry,
  ) {}

  async listRealms(): Promise<{ realms: object[] }> {
    const realms = await this.realms.listAll();
    const counts = await this.users.activeCountsByRealm();
    return {
      realms: realms.map((realm) => ({
        realm_id: realm.id,
        subdomain: realm.stringId,
        name: realm.name,
        deactivated: realm.deactivated,
        date_created: new Date(realm.dateCreated).toISOString(),
        active_users: counts.get(realm.id)?.users ?? 0,
        active_bots: counts.get(realm.id)?.bots ?? 0,
      })),
    };
  }

  async listUsers(realmId: number): Promise<{ users: object[] }> {
    const users = await this.users.allInRealm(realmId);
    return {
      users: users.map((user) => ({
        user_id: user.id,
        email: user.deliveryEmail,
        full_name: user.fullName,
        role: roleName(user.role),
        is_active: user.isActive,
        is_bot: user.isBot,
        bot_type: user.botType,
        bot_owner_id: user.botOwnerId,
        date_joined: new Date(user.dateJoined).toISOString(),
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
      jobs.push({
        queue: probe.name,
        backend: probe.backend,
        waiting: await probe.depth(),
        running: probe.running(),
        ...(probe.off === undefined ? {} : { off: probe.off }),
      });
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
    return { id: (await this.users.longestStandingOwnerId(realmId)) ?? 0, role: Role.Owner, realmId };
  }
}
