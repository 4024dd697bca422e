import { Injectable, Logger } from '@nestjs/common';
import { PushSettings } from '../../platform/config/settings';
import { CommitListeners } from '../../platform/database/commit-listeners';
import { DueWorkJob } from '../../platform/jobs/due-work-job';
import { JobRegistry } from '../../platform/observability/job-registry';
import { RedisConnections } from '../../platform/redis/redis-connections';
import { RealmWrites } from '../../realm/commands/realm-writes';
import { PushQueuedEvent } from '../commands/push-queue';
import { PushDeviceKind } from '../domain/push-device-rules';
import { PushDeviceTokenStore } from '../persistence/push-device-token.store';
import { ClaimedPushRequest, PushOutboxStore, PushRequestKind } from '../persistence/push-outbox.store';
import { BouncerAnalytics } from './bouncer-analytics';
import { BouncerClient, BouncerOutcome } from './bouncer-client';

export const PUSH_QUEUE = 'push-notifications';
/** The sweep that catches rows whose wake was lost (a process killed before its timer fired, a lost job). */
const SWEEP_INTERVAL_MS = 5000;
/** How often the realms' data is uploaded again (Zulip's servers do so at least hourly). */
const ANALYTICS_INTERVAL_MS = 60 * 60 * 1000;
/** How long after the service last said a realm may push its refusal of the realms' data is taken for a passing fault (Zulip's check_push_notifications_recently_working). */
const RECENTLY_WORKING_MS = 60 * 60 * 1000;
/** A notification or removal still unsent after a day is dropped: it would only confuse. Registrations are kept. */
const NOTIFICATION_MAX_AGE_MS = 24 * 60 * 60 * 1000;

const ENDPOINTS: Record<PushRequestKind, string> = {
  register: 'push/register',
  unregister: 'push/unregister',
  'unregister-all': 'push/unregister/all',
  notify: 'push/notify',
  remove: 'push/notify',
};

/**
 * Sends the push outbox's rows to the push notification service, at least once: a row is
 * claimed (one statement, so any number of processes share the work), sent outside any
 * transaction, and deleted once the service answered. While the service is unreachable or
 * answers 5xx the row waits (`PUSH_RETRY_DELAY_MS`, doubling up to `PUSH_RETRY_MAX_DELAY_MS`)
 * and the pass stops, one request per wake while it is down. A refusal is not an outage:
 * `PUSH_NOTIFICATIONS_DISALLOWED` drops the push and records `push_notifications_enabled`
 * off on the realm; other refusals drop the request. A notification's answer names devices
 * the service forgot (`deleted_devices`), which are forgotten here too, and whether the
 * realm may push (`can_push`). When the server starts, before the first request after it
 * and hourly, the realms' data goes up (BouncerAnalytics). Wakes come after each commit that wrote rows
 * (PushQueuedEvent), after a retry's delay, and from the sweep; started by the server only.
 */
@Injectable()
export class PushDelivery extends DueWorkJob {
  private readonly logger: Logger;
  private analyticsUploadedAt = 0;
  /** The upload under way, which every asker shares (the service takes one at a time, in order). */
  private uploading: Promise<BouncerOutcome> | null = null;
  /** When the service last said a realm may push. */
  private pushesWorkedAt = 0;

  constructor(
    private readonly store: PushOutboxStore,
    private readonly devices: PushDeviceTokenStore,
    private readonly client: BouncerClient,
    private readonly analytics: BouncerAnalytics,
    private readonly realmWrites: RealmWrites,
    private readonly settings: PushSettings,
    redis: RedisConnections,
    jobs: JobRegistry,
    commitListeners: CommitListeners,
  ) {
    const logger = new Logger('PushNotifications');
    super(
      {
        queue: PUSH_QUEUE,
        label: 'push notifications',
        logger,
        sweepIntervalMs: SWEEP_INTERVAL_MS,
        wakeSlackMs: 50,
        ...(settings.enabled ? {} : { off: 'push notifications are off (ZULIP_SERVICE_PUSH_NOTIFICATIONS)' }),
        work: {
          anyDue: () => store.anyDue(),
          step: () => this.attemptNext(),
          failed: (error) => logger.error(`push notifications: ${error.message}`),
        },
      },
      redis,
      jobs,
    );
    this.logger = logger;
    commitListeners.add((events) => {
      if (events.some((event) => event instanceof PushQueuedEvent)) this.wakeAt(new Date());
    });
  }

  /**
   * Zulip's initialize_push_notifications, when the server starts: without push
   * notifications every realm's `push_notifications_enabled` is off; with them the realms'
   * data goes up at once (in the background), so that the service's answer sets each
   * realm's before any notification is due.
   */
  override async start(): Promise<void> {
    await super.start();
    if (!this.settings.enabled) {
      try {
        await this.realmWrites.disablePushNotifications();
      } catch (error) {
        this.logger.error(`recording push notifications as off: ${(error as Error).message}`);
      }
      return;
    }
    void this.uploadRealms().then((outcome) => {
      if (outcome.kind !== 'ok') this.logger.warn(`uploading the realms' data to the push notification service failed: ${outcome.reason}`);
    });
  }

  /** Every due row now (tests, and a pass asked for by hand). */
  drain(): Promise<void> {
    return this.runner.drain();
  }

  private wakeAt(due: Date): void {
    this.runner.wakeAt(`push-${due.getTime()}`, due, {});
  }

  /** One row; false when there is nothing to do now (none due, or the service is down). */
  private async attemptNext(): Promise<boolean> {
    const row = await this.store.claimNext();
    if (!row) return false;
    if ((row.kind === 'notify' || row.kind === 'remove') && Date.now() - row.createdAt.getTime() > NOTIFICATION_MAX_AGE_MS) {
      this.logger.warn(`push ${row.kind} ${row.id} for user ${row.userId} dropped: unsent for a day`);
      await this.store.remove(row.id);
      return true;
    }
    if (Date.now() - this.analyticsUploadedAt > ANALYTICS_INTERVAL_MS) {
      const uploaded = await this.uploadRealms();
      if (uploaded.kind === 'retry') return this.retry(row, uploaded.reason);
      // Refused or not, pushes go on (Zulip's servers push whatever the upload's fate); the next try is in an hour.
      if (uploaded.kind !== 'ok') this.logger.warn(`uploading the realms' data to the push notification service failed: ${uploaded.reason}`);
      this.analyticsUploadedAt = Date.now();
    }
    const outcome = await this.send(row);
    if (outcome === null) {
      await this.store.remove(row.id);
      return true;
    }
    switch (outcome.kind) {
      case 'retry':
        return this.retry(row, outcome.reason);
      case 'ok':
        await this.applyAnswer(row, outcome.body);
        break;
      case 'disallowed':
        this.logger.warn(`push ${row.kind} ${row.id} refused by the push notification service: ${outcome.reason}`);
        await this.realmWrites.setPushNotificationsEnabled(String(row.body.realm_uuid), false, null);
        break;
      case 'refused':
        this.logger.warn(`push ${row.kind} ${row.id} refused by the push notification service: ${outcome.reason}`);
        break;
    }
    await this.store.remove(row.id);
    return true;
  }

  /**
   * Zulip's send_server_data_to_push_bouncer, one at a time (never throws). A refusal
   * (not an outage) means this server cannot push: every realm is recorded as off, unless
   * the service said a realm may push within the last hour (Zulip's
   * maybe_mark_pushes_disabled).
   */
  private uploadRealms(): Promise<BouncerOutcome> {
    this.uploading ??= this.analytics
      .upload()
      .then(async (outcome) => {
        if ((outcome.kind === 'refused' || outcome.kind === 'disallowed') && Date.now() - this.pushesWorkedAt > RECENTLY_WORKING_MS) {
          await this.realmWrites.disablePushNotifications();
        }
        return outcome;
      })
      .catch((error: Error): BouncerOutcome => ({ kind: 'retry', reason: error.message }))
      .finally(() => {
        this.uploading = null;
      });
    return this.uploading;
  }

  /** The request of a row; null when there is nothing to send (a notification for a user without devices now). */
  private async send(row: ClaimedPushRequest): Promise<BouncerOutcome | null> {
    if (row.kind !== 'notify' && row.kind !== 'remove') {
      return this.client.post(ENDPOINTS[row.kind], { form: row.body as Record<string, string | number | null> });
    }
    const devices = await this.devices.list(row.userId);
    if (devices.length === 0) return null;
    return this.client.post(ENDPOINTS[row.kind], {
      json: {
        ...row.body,
        // The devices this server believes registered: the answer names those the service no longer has.
        android_devices: devices.filter((device) => device.kind === PushDeviceKind.Fcm).map((device) => device.token),
        apple_devices: devices.filter((device) => device.kind === PushDeviceKind.Apns).map((device) => device.token),
      },
    });
  }

  /** Zulip's send_notifications_to_bouncer, after the answer: forgotten devices, and the realm's `can_push`. */
  private async applyAnswer(row: ClaimedPushRequest, body: Record<string, unknown>): Promise<void> {
    if (row.kind !== 'notify' && row.kind !== 'remove') return;
    const deleted = (body.deleted_devices ?? {}) as { android_devices?: unknown; apple_devices?: unknown };
    await this.devices.removeTokens(row.userId, PushDeviceKind.Fcm, strings(deleted.android_devices));
    await this.devices.removeTokens(row.userId, PushDeviceKind.Apns, strings(deleted.apple_devices));
    const realm = body.realm as { can_push?: unknown; expected_end_timestamp?: unknown } | null | undefined;
    if (realm && typeof realm.can_push === 'boolean') {
      const end = typeof realm.expected_end_timestamp === 'number' ? realm.expected_end_timestamp : null;
      await this.realmWrites.setPushNotificationsEnabled(String(row.body.realm_uuid), realm.can_push, end);
      if (realm.can_push) this.pushesWorkedAt = Date.now();
    }
  }

  /** The service is down: the row waits, and the pass stops (the other rows would meet the same outage). */
  private async retry(row: ClaimedPushRequest, reason: string): Promise<false> {
    const delay = Math.min(this.settings.retryDelayMs * 2 ** Math.min(row.attempt - 1, 20), this.settings.retryMaxDelayMs);
    const due = await this.store.retryLater(row.id, delay, reason);
    this.logger.warn(`push ${row.kind} ${row.id} not sent (attempt ${row.attempt}), retrying in ${delay} ms: ${reason}`);
    this.wakeAt(due);
    return false;
  }
}

function strings(value: unknown): string[] {
  return Array.isArray(value) ? value.filter((item): item is string => typeof item === 'string') : [];
}
