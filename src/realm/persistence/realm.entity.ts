import { Column, Entity, ForeignKey, Generated, Index, PrimaryGeneratedColumn, Unique } from 'typeorm';

/**
 * The tables realm's foreign keys point at, as far as TypeORM must know them to name those
 * keys: their primary key only. `synchronize: false` keeps TypeORM's schema diff
 * (`npm run schema:check`) off them; their rows are read with SQL (`UserRow`, `StreamRow`).
 */
@Entity({ name: 'user_profile', synchronize: false })
export class UserProfileKey {
  @PrimaryGeneratedColumn()
  id!: number;
}

@Entity({ name: 'stream', synchronize: false })
export class StreamKey {
  @PrimaryGeneratedColumn()
  id!: number;
}

/**
 * The `realm` table exactly as the migrations leave it (types, lengths, defaults, keys):
 * `npm run schema:check` fails when the two disagree.
 */
@Entity({ name: 'realm' })
@Unique('realm_string_id_key', ['stringId'])
export class RealmEntity {
  @PrimaryGeneratedColumn()
  id!: number;

  /** The subdomain; `""` is the root realm. */
  @Column({ name: 'string_id', type: 'varchar', length: 40 })
  stringId!: string;

  @Column({ type: 'varchar', length: 40 })
  name!: string;

  @Column({ type: 'text', default: '' })
  description!: string;

  @Column({ name: 'date_created', type: 'timestamptz', default: () => 'now()' })
  dateCreated!: Date;

  @Column({ type: 'boolean', default: false })
  deactivated!: boolean;

  /** When a deactivated organization's data is due to be deleted (Zulip's `scheduled_deletion_date`). */
  @Column({ name: 'scheduled_deletion_date', type: 'timestamptz', nullable: true })
  scheduledDeletionDate!: Date | null;

  @Column({ name: 'notification_bot_id', type: 'integer', nullable: true })
  @ForeignKey(() => UserProfileKey, { name: 'realm_notification_bot_fk' })
  notificationBotId!: number | null;

  @Column({ name: 'new_stream_announcements_stream_id', type: 'integer', nullable: true })
  @ForeignKey(() => StreamKey, { name: 'realm_new_stream_fk' })
  newStreamAnnouncementsStreamId!: number | null;

  @Column({ name: 'signup_announcements_stream_id', type: 'integer', nullable: true })
  @ForeignKey(() => StreamKey, { name: 'realm_signup_stream_fk' })
  signupAnnouncementsStreamId!: number | null;

  @Column({ name: 'enable_spectator_access', type: 'boolean', default: false })
  enableSpectatorAccess!: boolean;

  /** Realm.property_types values that differ from the defaults (realm-properties.ts). */
  @Column({ type: 'jsonb', default: () => "'{}'" })
  properties!: Record<string, unknown>;

  /** Zulip's Realm.icon_source: `G` the identicon, `U` uploaded (realm-images.ts). */
  @Column({ name: 'icon_source', type: 'varchar', length: 1, default: 'G' })
  iconSource!: string;

  @Column({ name: 'icon_version', type: 'integer', default: 1 })
  iconVersion!: number;

  /** Zulip's Realm.logo_source: `D` the default, `U` uploaded; the same for the dark theme's. */
  @Column({ name: 'logo_source', type: 'varchar', length: 1, default: 'D' })
  logoSource!: string;

  @Column({ name: 'logo_version', type: 'integer', default: 1 })
  logoVersion!: number;

  @Column({ name: 'night_logo_source', type: 'varchar', length: 1, default: 'D' })
  nightLogoSource!: string;

  @Column({ name: 'night_logo_version', type: 'integer', default: 1 })
  nightLogoVersion!: number;

  /** Defaults for users created later: the values that differ from the server's. */
  @Column({ name: 'user_settings_defaults', type: 'jsonb', default: () => "'{}'" })
  userSettingsDefaults!: Record<string, unknown>;

  /** Zulip's `Realm.uuid`: how the push notification service knows the realm. */
  @Index('realm_uuid', { unique: true })
  @Column({ type: 'uuid' })
  @Generated('uuid')
  uuid!: string;

  /** Zulip's `Realm.uuid_owner_secret`, sent with the realm's data to the push notification service. */
  @Column({ name: 'uuid_owner_secret', type: 'text', default: () => 'gen_random_uuid()' })
  uuidOwnerSecret!: string;

  /** What the push notification service last said of the realm (`can_push`). */
  @Column({ name: 'push_notifications_enabled', type: 'boolean', default: false })
  pushNotificationsEnabled!: boolean;

  /** ...and until when, if it said (seconds since the epoch). */
  @Column({ name: 'push_notifications_enabled_end_timestamp', type: 'bigint', nullable: true })
  pushNotificationsEnabledEndTimestamp!: string | null;
}
