import { Injectable } from '@nestjs/common';
import { RealmRepository } from '../persistence/realm.repository';

/**
 * The realm writes other modules' commands make inside their own transaction: realm
 * creation (admin's `RealmSetup`) inserts the row, then names its notification bot and
 * announcement channel once they exist; admin's realm deactivation; what the push
 * notification service says of the realm (push-devices). Events are the caller's.
 */
@Injectable()
export class RealmWrites {
  constructor(private readonly realms: RealmRepository) {}

  /** The new realm's id; null when the subdomain is taken. */
  insert(subdomain: string, name: string): Promise<number | null> {
    return this.realms.insert(subdomain, name);
  }

  /** See RealmRepository.setDeactivated: true when this changed the realm. */
  setDeactivated(realmId: number, deactivated: boolean, scheduledDeletionDate: Date | null): Promise<boolean> {
    return this.realms.setDeactivated(realmId, deactivated, scheduledDeletionDate);
  }

  /** See RealmRepository.setPushNotificationsEnabled. */
  setPushNotificationsEnabled(realmUuid: string, enabled: boolean, endTimestamp: number | null): Promise<boolean> {
    return this.realms.setPushNotificationsEnabled(realmUuid, enabled, endTimestamp);
  }

  setFoundingRefs(realmId: number, notificationBotId: number, announcementsStreamId: number): Promise<void> {
    return this.realms.setFoundingRefs(realmId, notificationBotId, announcementsStreamId);
  }
}
