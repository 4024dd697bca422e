import { Injectable } from '@nestjs/common';
import { SubscriptionWrites } from '../../channels/commands/subscription-writes';
import { StreamRow } from '../../channels/public/stream-row';
import { ChannelViewers } from '../../channels/queries/channel-viewers';
import { UsersSubscribedEvent } from '../../channels/events/channel-events';
import { PasswordSettings } from '../../platform/config/settings';
import { RealmEntity } from '../../realm/queries/realm-directory';
import { ApiError } from '../../shared/api-error';
import { hashPassword } from '../../users/public/credentials';
import { isAcceptablePassword } from '../../users/public/password-policy';
import { initialUserSettings, userSettingsOf } from '../../users/public/user-settings';
import { ExportConsentChangedEvent } from '../../users/events/settings-events';
import { checkFullName, isValidEmail, normalizeEmail } from '../../users/public/user-rules';
import { UserCreatedEvent } from '../../users/events/user-events';
import { UserRow } from '../../users/public/user-row';
import { UserDirectory } from '../../users/queries/user-directory';
import { UserAccess } from '../../users/access/user-access';
import { GroupDirectory } from '../../groups/queries/group-directory';
import { directSystemGroupsForRole } from '../../groups/public/system-groups';
import { UserGroupMembersChangedEvent } from '../../groups/events/user-group-events';
import { isGuest } from '../../shared/roles';
import { NewUser, UserWriter } from '../../users/commands/user.writer';
import { Database } from '../../platform/database/database';

export interface UserDraft {
  email: string;
  fullName: string;
  role: number;
  /** Null for an account that signs in only with its API key (bots). */
  password: string | null;
  isBot?: boolean;
  botType?: number | null;
  botOwnerId?: number | null;
}

/**
 * A person's first channels: the realm's default channels (every way but an invitation),
 * or an invitation's channels, with the default ones if it asks for them.
 */
export interface InitialChannels {
  channelIds: readonly number[];
  withDefaults: boolean;
}

const DEFAULT_CHANNELS: InitialChannels = { channelIds: [], withDefaults: true };

/** A draft checked and with its password hashed: ready to insert inside a transaction. */
export type CheckedUser = Omit<NewUser, 'realmId'>;

/**
 * What every way of creating a user shares (API, CLI, first start, realm creation): the
 * checks, the slow password hash outside any transaction, and inside one the row, the
 * default channels, the `realm_user` event and the default channels' `peer_add`.
 */
@Injectable()
export class UserCreation {
  constructor(
    private readonly writer: UserWriter,
    private readonly subscriptions: SubscriptionWrites,
    private readonly users: UserDirectory,
    private readonly viewers: ChannelViewers,
    private readonly access: UserAccess,
    private readonly groups: GroupDirectory,
    private readonly passwords: PasswordSettings,
    private readonly database: Database,
  ) {}

  async check(draft: UserDraft): Promise<CheckedUser> {
    const email = normalizeEmail(draft.email);
    if (!isValidEmail(email)) throw ApiError.badRequest(`Invalid email '${email}'`);
    const fullName = checkFullName(draft.fullName);
    if (draft.password !== null && !(await isAcceptablePassword(draft.password, this.passwords.policy))) {
      throw ApiError.badRequest('The password is too weak.');
    }
    return {
      email,
      fullName,
      role: draft.role,
      passwordHash: draft.password === null ? null : await hashPassword(draft.password, this.passwords.hashCost),
      isBot: draft.isBot ?? false,
      botType: draft.botType ?? null,
      botOwnerId: draft.botOwnerId ?? null,
    };
  }

  async insert(realm: RealmEntity, user: CheckedUser, channels: InitialChannels = DEFAULT_CHANNELS): Promise<UserRow> {
    // The realm's defaults as they are now: later changes to them never reach this user.
    const [defaults] = await this.database.query<{ user_settings_defaults: Record<string, unknown>; properties: Record<string, unknown> }>(
      `SELECT user_settings_defaults, properties FROM realm WHERE id = $1`,
      [realm.id],
    );
    const { settings, emailAddressVisibility } = initialUserSettings(defaults.user_settings_defaults, defaults.properties);
    const created = await this.writer.insert({ ...user, realmId: realm.id, settings, emailAddressVisibility });
    const added = created.isBot ? [] : await this.subscriptions.subscribeNewUser(realm.id, created.id, channels.channelIds, channels.withDefaults);
    // The realm learns of the user first, then of the user's place in the default channels.
    const viewers = await this.users.activeUserRoles(realm.id);
    const withoutAccess: number[] = [];
    for (const viewer of viewers) {
      if (isGuest(viewer.role) && !(await this.access.canAccess({ ...viewer, realmId: realm.id }, created))) withoutAccess.push(viewer.id);
    }
    this.database.record(new UserCreatedEvent(realm.stringId, created, viewers, withoutAccess));
    // Zulip's do_create_user: the realm hears of the user's place in the role's system groups.
    const systemGroups = await this.groups.systemGroupIds(realm.id);
    for (const group of directSystemGroupsForRole(created.role)) {
      const groupId = systemGroups.get(group);
      if (groupId === undefined) throw new Error(`realm ${realm.id} has no group ${group}`);
      this.database.record(new UserGroupMembersChangedEvent(realm.id, viewers.map((viewer) => viewer.id), groupId, 'add_members', [created.id]));
    }
    if (added.length > 0) await this.recordPeers(realm.id, created.id, added);
    // Zulip 10.0: administrators learn a new person's export consent (realm_user events do not carry it).
    if (!created.isBot) {
      const consented = userSettingsOf(created).allow_private_data_export === true;
      this.database.record(new ExportConsentChangedEvent(realm.id, created.id, consented, await this.users.humanAdministratorIds(realm.id)));
    }
    return created;
  }

  /** `peer_add` for the default channels, to those who may see their subscribers. */
  private async recordPeers(realmId: number, userId: number, added: readonly StreamRow[]): Promise<void> {
    const peers = [];
    for (const stream of added) {
      peers.push({ streamIds: [stream.id], userIds: [userId], audienceUserIds: await this.viewers.peerAudience(stream, [userId]) });
    }
    this.database.record(new UsersSubscribedEvent(realmId, [], peers));
  }
}
