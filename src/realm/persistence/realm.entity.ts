import { Column, Entity, PrimaryGeneratedColumn } from 'typeorm';

@Entity({ name: 'realm' })
export class RealmEntity {
  @PrimaryGeneratedColumn()
  id!: number;

  /** The subdomain; `""` is the root realm. */
  @Column({ name: 'string_id', type: 'varchar' })
  stringId!: string;

  @Column({ type: 'varchar' })
  name!: string;

  @Column({ type: 'text' })
  description!: string;

  @Column({ name: 'date_created', type: 'timestamptz' })
  dateCreated!: Date;

  @Column({ type: 'boolean' })
  deactivated!: boolean;

  @Column({ name: 'notification_bot_id', type: 'integer', nullable: true })
  notificationBotId!: number | null;

  @Column({ name: 'new_stream_announcements_stream_id', type: 'integer', nullable: true })
  newStreamAnnouncementsStreamId!: number | null;

  @Column({ name: 'signup_announcements_stream_id', type: 'integer', nullable: true })
  signupAnnouncementsStreamId!: number | null;

  @Column({ name: 'enable_spectator_access', type: 'boolean' })
  enableSpectatorAccess!: boolean;

  /** Realm.property_types values that differ from the defaults (realm-properties.ts). */
  @Column({ type: 'jsonb' })
  properties!: Record<string, unknown>;

  /** Defaults for users created later: the values that differ from the server's. */
  @Column({ name: 'user_settings_defaults', type: 'jsonb' })
  userSettingsDefaults!: Record<string, unknown>;
}
