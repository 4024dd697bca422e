import { Column, Entity, PrimaryGeneratedColumn } from 'typeorm';

@Entity({ name: 'user_profile' })
export class UserEntity {
  @PrimaryGeneratedColumn()
  id!: number;

  @Column({ name: 'realm_id', type: 'integer' })
  realmId!: number;

  @Column({ name: 'delivery_email', type: 'varchar' })
  deliveryEmail!: string;

  @Column({ name: 'full_name', type: 'varchar' })
  fullName!: string;

  @Column({ type: 'smallint' })
  role!: number;

  @Column({ name: 'is_active', type: 'boolean' })
  isActive!: boolean;

  @Column({ name: 'is_bot', type: 'boolean' })
  isBot!: boolean;

  @Column({ name: 'bot_type', type: 'smallint', nullable: true })
  botType!: number | null;

  @Column({ name: 'bot_owner_id', type: 'integer', nullable: true })
  botOwnerId!: number | null;

  @Column({ name: 'api_key', type: 'varchar' })
  apiKey!: string;

  @Column({ name: 'password_hash', type: 'text', nullable: true })
  passwordHash!: string | null;

  @Column({ name: 'date_joined', type: 'timestamptz' })
  dateJoined!: Date;

  @Column({ type: 'varchar' })
  timezone!: string;

  @Column({ name: 'avatar_source', type: 'char' })
  avatarSource!: string;

  @Column({ name: 'avatar_version', type: 'integer' })
  avatarVersion!: number;

  @Column({ name: 'email_address_visibility', type: 'smallint' })
  emailAddressVisibility!: number;

  @Column({ name: 'recipient_id', type: 'integer', nullable: true })
  recipientId!: number | null;

  @Column({ name: 'default_sending_stream_id', type: 'integer', nullable: true })
  defaultSendingStreamId!: number | null;

  @Column({ name: 'default_events_register_stream_id', type: 'integer', nullable: true })
  defaultEventsRegisterStreamId!: number | null;

  @Column({ name: 'default_all_public_streams', type: 'boolean' })
  defaultAllPublicStreams!: boolean;

  /** Only the settings that differ from the server's defaults are meaningful here. */
  @Column({ type: 'jsonb' })
  settings!: Record<string, unknown>;
}
