import { Injectable } from '@nestjs/common';
import { UnitOfWork } from '../../platform/database/unit-of-work';
import { RealmAddressing } from '../../realm/domain/realm-addressing';
import { RealmRepository } from '../../realm/persistence/realm.repository';
import { apiEmail } from '../../users/api/user.presenter';
import { UserEntity } from '../../users/persistence/user.entity';
import { UserRepository } from '../../users/persistence/user.repository';
import {
  legacyClientPresence,
  OFFLINE_THRESHOLD_SECS,
  planPresenceUpdate,
  PresenceStatus,
  PresenceTimes,
  USER_LIMIT_FOR_PRESENCE_EVENTS,
} from '../domain/presence-rules';
import { PresenceChangedEvent } from '../events/presence-changed.event';
import { PresenceRepository } from './presence.repository';

/**
 * Writes presence inside a caller's transaction and records the `presence` event when
 * Zulip would send one. Also the hook for the `presence_enabled` setting: whoever changes
 * that setting calls `presenceEnabledChanged` in the same transaction.
 */
@Injectable()
export class PresenceWriter {
  constructor(
    private readonly presence: PresenceRepository,
    private readonly users: UserRepository,
    private readonly realms: RealmRepository,
    private readonly addressing: RealmAddressing,
  ) {}

  /** A client's report; nothing is written when the stored times are recent enough. */
  async report(uow: UnitOfWork, user: UserEntity, status: PresenceStatus, now: Date): Promise<void> {
    const stored = await this.presence.lockTimes(user.id, uow);
    const plan = planPresenceUpdate(stored, status, now);
    if (plan.write) await this.presence.write(user.realmId, user.id, plan.write, uow);
    if (plan.notify) await this.announce(uow, user, plan.write ?? (stored as PresenceTimes), now, false);
  }

  /**
   * Zulip's reaction to the setting: turned on, the user is active now; turned off, the
   * user is shown as last seen a little beyond the offline threshold ago. Either way
   * everyone is told at once, whatever the realm's size.
   */
  async presenceEnabledChanged(uow: UnitOfWork, user: UserEntity, enabled: boolean, now: Date): Promise<void> {
    const times: PresenceTimes = enabled
      ? { lastActiveTime: now, lastConnectedTime: now }
      : { lastActiveTime: null, lastConnectedTime: new Date(now.getTime() - (OFFLINE_THRESHOLD_SECS + 120) * 1000) };
    await this.presence.lockTimes(user.id, uow);
    await this.presence.write(user.realmId, user.id, times, uow);
    await this.announce(uow, user, times, now, true);
  }

  private async announce(uow: UnitOfWork, user: UserEntity, times: PresenceTimes, now: Date, force: boolean): Promise<void> {
    const audience = (await this.users.activeUserRoles(user.realmId, uow)).map((row) => row.id);
    // Coming-online events cost every client in the realm: large realms only poll.
    if (!force && audience.length > USER_LIMIT_FOR_PRESENCE_EVENTS) return;
    const realm = await this.realms.requireById(user.realmId, uow);
    const lastActive = times.lastActiveTime ?? user.dateJoined;
    const lastConnected = times.lastConnectedTime ?? user.dateJoined;
    uow.record(
      new PresenceChangedEvent(
        user.realmId,
        audience,
        user.id,
        apiEmail(user, this.addressing.hostName(realm.stringId)),
        legacyClientPresence(lastActive, lastConnected),
        now.getTime() / 1000,
      ),
    );
  }
}
