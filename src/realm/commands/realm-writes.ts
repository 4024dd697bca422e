import { Injectable } from '@nestjs/common';
import { Database } from '../../platform/database/database';
import { TransactionRunner } from '../../platform/database/transaction-runner';
import { RealmPropertyChange, RealmSettingsChangedEvent } from '../events/realm-settings-changed.event';
import { PushStatusChange, RealmRepository } from '../persistence/realm.repository';
import { RealmUserReader } from '../public/users.port';

/**
 * The realm writes other modules' commands make inside their own transaction: realm
 * creation (admin's `RealmSetup`) inserts the row, then names its notification bot and
 * announcement channel once they exist; admin's realm deactivation. Events are the
 * caller's, except for what the push notification service says of the realm
 * (push-devices), which is the realm's own setting and tells the realm's users itself.
 */
@Injectable()
export class RealmWrites {
  constructor(
    private readonly realms: RealmRepository,
    private readonly tx: TransactionRunner,
    private readonly database: Database,
    private readonly users: RealmUserReader,
  ) {}

  /** The new realm's id; null when the subdomain is taken. */
  insert(subdomain: string, name: string): Promise<number | null> {
    return this.realms.insert(subdomain, name);
  }

  /** See RealmRepository.setDeactivated: true when this changed the realm. */
  setDeactivated(realmId: number, deactivated: boolean, scheduledDeletionDate: Date | null): Promise<boolean> {
    return this.realms.setDeactivated(realmId, deactivated, scheduledDeletionDate);
  }

  /**
   * Zulip's do_set_realm_property for `push_notifications_enabled` and
   * do_set_push_notifications_enabled_end_timestamp, with what the push notification
   * service answered for the realm of that uuid (`can_push`, `expected_end_timestamp`):
   * each value that changed is stored and told to the realm's active users, one `realm`
   * `update` event each, as Zulip sends them. In the caller's transaction, or its own.
   */
  setPushNotificationsEnabled(realmUuid: string, enabled: boolean, endTimestamp: number | null): Promise<void> {
    return this.tx.run(async () => {
      const before = await this.realms.setPushNotificationsEnabled(realmUuid, enabled, endTimestamp);
      if (before) await this.recordPushStatus(before, enabled, endTimestamp);
    });
  }

  /**
   * Zulip's initialize_push_notifications on a server that sends no push notifications:
   * every realm's `push_notifications_enabled` off, with no end timestamp, and told.
   */
  disablePushNotifications(): Promise<void> {
    return this.tx.run(async () => {
      for (const before of await this.realms.disablePushNotifications()) await this.recordPushStatus(before, false, null);
    });
  }

  setFoundingRefs(realmId: number, notificationBotId: number, announcementsStreamId: number): Promise<void> {
    return this.realms.setFoundingRefs(realmId, notificationBotId, announcementsStreamId);
  }

  private async recordPushStatus(before: PushStatusChange, enabled: boolean, endTimestamp: number | null): Promise<void> {
    const changes: RealmPropertyChange[] = [];
    if (before.enabledBefore !== enabled) changes.push({ kind: 'property', property: 'push_notifications_enabled', value: enabled });
    if (before.endTimestampBefore !== endTimestamp) changes.push({ kind: 'property', property: 'push_notifications_enabled_end_timestamp', value: endTimestamp });
    if (changes.length === 0) return;
    this.database.record(new RealmSettingsChangedEvent(before.realmId, changes, await this.users.allActiveUserIds(before.realmId)));
  }
}
