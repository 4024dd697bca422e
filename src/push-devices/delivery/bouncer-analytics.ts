import { Injectable } from '@nestjs/common';
import { RealmWrites } from '../../realm/commands/realm-writes';
import { RealmAddressing } from '../../realm/public/realm-addressing';
import { RealmDirectory } from '../../realm/queries/realm-directory';
import { FEATURE_LEVEL, SERVER_PRODUCT } from '../../shared/server-version';
import { UserDirectory } from '../../users/queries/user-directory';
import { BouncerClient, BouncerOutcome } from './bouncer-client';

/** Zulip's RealmAuditLog extra_data keys and event type of a role count (realm_user_count_by_role). */
const ROLE_COUNT = '10';
const ROLE_COUNT_HUMANS = '11';
const ROLE_COUNT_BOTS = '12';
const USER_ROLE_CHANGED = 105;
/** Zulip's roles, as the counts name them. */
const ROLES = [100, 200, 300, 400, 600];

/**
 * Zulip's send_server_data_to_push_bouncer, as far as the service needs it to allow pushes:
 * every realm (its uuid, owner secret, host, URL, name, type, creation time, whether
 * deactivated) and, per realm, how many active users of each role and bots it has, as one
 * role-count row after the service's last received audit row (`server/analytics/status`).
 * No usage statistics are sent. The answer says, per realm, whether it may push
 * (`can_push`), which is recorded on the realm.
 */
@Injectable()
export class BouncerAnalytics {
  constructor(
    private readonly client: BouncerClient,
    private readonly realms: RealmDirectory,
    private readonly realmWrites: RealmWrites,
    private readonly addressing: RealmAddressing,
    private readonly users: UserDirectory,
  ) {}

  async upload(): Promise<BouncerOutcome> {
    const status = await this.client.get('server/analytics/status');
    if (status.kind !== 'ok') return status;
    const lastAuditId = typeof status.body.last_realmauditlog_id === 'number' ? status.body.last_realmauditlog_id : 0;
    const realms = await this.realms.listAll();
    const now = Date.now() / 1000;
    const auditRows: object[] = [];
    for (const [index, realm] of realms.entries()) {
      const humans: Record<string, number> = Object.fromEntries(ROLES.map((role) => [String(role), 0]));
      let bots = 0;
      for (const user of await this.users.activeUserKinds(realm.id)) {
        if (user.is_bot) bots += 1;
        else humans[String(user.role)] = (humans[String(user.role)] ?? 0) + 1;
      }
      auditRows.push({
        id: lastAuditId + index + 1,
        realm: realm.id,
        event_time: now,
        // Counted now, not logged when it changed: Zulip marks such rows backfilled.
        backfilled: true,
        extra_data: { [ROLE_COUNT]: { [ROLE_COUNT_HUMANS]: humans, [ROLE_COUNT_BOTS]: bots } },
        event_type: USER_ROLE_CHANGED,
      });
    }
    const realmData = realms.map((realm) => ({
      id: realm.id,
      host: this.addressing.host(realm.stringId),
      url: this.addressing.url(realm.stringId),
      name: realm.name,
      org_type: typeof realm.properties.org_type === 'number' ? realm.properties.org_type : 0,
      date_created: realm.dateCreated.getTime() / 1000,
      deactivated: realm.deactivated,
      uuid: realm.uuid,
      uuid_owner_secret: realm.uuidOwnerSecret,
    }));
    const outcome = await this.client.post('server/analytics', {
      form: {
        realm_counts: '[]',
        installation_counts: '[]',
        realmauditlog_rows: JSON.stringify(auditRows),
        realms: JSON.stringify(realmData),
        version: JSON.stringify(SERVER_PRODUCT),
        api_feature_level: JSON.stringify(FEATURE_LEVEL),
      },
    });
    if (outcome.kind === 'ok') await this.recordCanPush(outcome.body.realms);
    return outcome;
  }

  /** The answer's `realms`: `{uuid: {can_push, expected_end_timestamp}}`. */
  private async recordCanPush(realms: unknown): Promise<void> {
    if (typeof realms !== 'object' || realms === null) return;
    for (const [uuid, data] of Object.entries(realms as Record<string, unknown>)) {
      const { can_push: canPush, expected_end_timestamp: end } = (data ?? {}) as { can_push?: unknown; expected_end_timestamp?: unknown };
      if (typeof canPush !== 'boolean') continue;
      await this.realmWrites.setPushNotificationsEnabled(uuid, canPush, typeof end === 'number' ? end : null);
    }
  }
}
