import { Injectable } from '@nestjs/common';
import { PushSettings } from '../../platform/config/settings';
import { Database } from '../../platform/database/database';
import { PushDeviceKind } from '../domain/push-device-rules';
import { PushIdentity, PushOutboxStore, PushRequest } from '../persistence/push-outbox.store';

/**
 * Recorded with the rows of `push_bouncer_outbox` a transaction wrote: after its commit,
 * PushDelivery (a commit listener of the same process) starts sending them at once. Only
 * a wake: the rows are the truth, and a lost wake is caught by the delivery's sweep.
 */
export class PushQueuedEvent {}

/**
 * Where the module hands requests to the push notification service: rows written in the
 * caller's transaction (the change that makes them due), sent after the commit by
 * PushDelivery, at least once, however the process or the service fares. Nothing is
 * written while `ZULIP_SERVICE_PUSH_NOTIFICATIONS` is off.
 */
@Injectable()
export class PushQueue {
  constructor(
    private readonly store: PushOutboxStore,
    private readonly database: Database,
    private readonly settings: PushSettings,
  ) {}

  get enabled(): boolean {
    return this.settings.enabled;
  }

  /** Must run inside a transaction. */
  async enqueue(requests: readonly PushRequest[]): Promise<void> {
    if (!this.enabled || requests.length === 0) return;
    await this.store.insert(requests);
    this.database.record(new PushQueuedEvent());
  }

  /** Zulip's add_push_device_token with the bouncer: `push/register`. */
  async deviceAdded(userId: number, kind: PushDeviceKind, token: string, iosAppId: string | null): Promise<void> {
    await this.forUser(userId, (identity) => ({ ...identityFields(identity), token, token_kind: kind, ios_app_id: kind === PushDeviceKind.Apns ? iosAppId : null }), 'register');
  }

  /** Zulip's remove_push_device_token with the bouncer: `push/unregister`. */
  async deviceRemoved(userId: number, kind: PushDeviceKind, token: string): Promise<void> {
    await this.forUser(userId, (identity) => ({ ...identityFields(identity), token, token_kind: kind }), 'unregister');
  }

  /** Zulip's clear_push_device_tokens with the bouncer: `push/unregister/all`. */
  async devicesCleared(userId: number): Promise<void> {
    await this.forUser(userId, identityFields, 'unregister-all');
  }

  private async forUser(userId: number, body: (identity: PushIdentity) => Record<string, unknown>, kind: PushRequest['kind']): Promise<void> {
    if (!this.enabled) return;
    const identity = (await this.store.identities([userId])).get(userId);
    if (!identity) return;
    await this.enqueue([{ kind, realmId: identity.realmId, userId, messageId: null, body: body(identity) }]);
  }
}

/** The fields every request names its user by (Zulip 8+ sends both ids and the realm's uuid). */
export function identityFields(identity: PushIdentity): Record<string, unknown> {
  return { user_uuid: identity.userUuid, user_id: identity.userId, realm_uuid: identity.realmUuid };
}
