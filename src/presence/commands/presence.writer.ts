import { Injectable } from '@nestjs/common';
import { RealmAddressing } from '../../realm/public/realm-addressing';
import { RealmDirectory } from '../../realm/queries/realm-directory';
import { apiEmail } from '../../users/public/user-identity';
import { UserRow } from '../../users/public/user-row';
import { UserDirectory } from '../../users/queries/user-directory';
import {
  legacyClientPresence,
  OFFLINE_THRESHOLD_SECS,
  PresenceTimes,
  USER_LIMIT_FOR_PRESENCE_EVENTS,
} from '../domain/presence-rules';
import { PresenceChangedEvent } from '../events/presence-changed.event';
import { PresenceRepository } from '../persistence/presence.repository';
import { Database } from '../../platform/database/database';

/**
 * Records `presence` events where Zulip would send them. Also the hook for the
 * `presence_enabled` setting: whoever changes that setting calls `presenceEnabledChanged`
 * in the same transaction.
 */
@Injectable()
export class PresenceWriter {
  constructor(
    private readonly presence: PresenceRepository,
    private readonly users: UserDirectory,
    private readonly realms: RealmDirectory,
    private readonly addressing: RealmAddressing,
    private readonly database: Database,
  ) {}

  /**
   * The realm's active users when coming online is announced in it (Zulip stops announcing
   * above USER_LIMIT_FOR_PRESENCE_EVENTS), else null; a large realm costs a bounded read.
   */
  async announcedAudience(realmId: number): Promise<number[] | null> {
    return this.users.activeUserIdsUpTo(realmId, USER_LIMIT_FOR_PRESENCE_EVENTS);
  }

  /** Records the `presence` event of `user` coming online (in the transaction that writes it). */
  async announceTo(audience: readonly number[], user: UserRow, times: PresenceTimes, now: Date): Promise<void> {
    const realm = await this.realms.requireById(user.realmId);
    const lastActive = times.lastActiveTime ?? user.dateJoined;
    const lastConnected = times.lastConnectedTime ?? user.dateJoined;
    this.database.record(
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

  /**
   * Zulip's reaction to the setting: turned on, the user is active now; turned off, the
   * user is shown as last seen a little beyond the offline threshold ago. Either way
   * everyone is told at once, whatever the realm's size.
   */
  async presenceEnabledChanged(user: UserRow, enabled: boolean, now: Date): Promise<void> {
    const times: PresenceTimes = enabled
      ? { lastActiveTime: now, lastConnectedTime: now }
      : { lastActiveTime: null, lastConnectedTime: new Date(now.getTime() - (OFFLINE_THRESHOLD_SECS + 120) * 1000) };
    await this.presence.lockTimes(user.id);
    await this.presence.write(user.realmId, user.id, times);
    await this.announce(user, times, now);
  }

  /** The setting's change is told to everyone, whatever the realm's size. */
  private async announce(user: UserRow, times: PresenceTimes, now: Date): Promise<void> {
    const audience = (await this.users.activeUserRoles(user.realmId)).map((row) => row.id);
    await this.announceTo(audience, user, times, now);
  }
}
