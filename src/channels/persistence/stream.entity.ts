import { Column, Entity, PrimaryColumn, PrimaryGeneratedColumn } from 'typeorm';

@Entity({ name: 'stream' })
export class StreamEntity {
  @PrimaryGeneratedColumn()
  id!: number;

  @Column({ name: 'realm_id', type: 'integer' })
  realmId!: number;

  @Column({ type: 'varchar' })
  name!: string;

  @Column({ type: 'varchar' })
  description!: string;

  @Column({ name: 'rendered_description', type: 'text' })
  renderedDescription!: string;

  @Column({ name: 'invite_only', type: 'boolean' })
  inviteOnly!: boolean;

  @Column({ name: 'is_web_public', type: 'boolean' })
  isWebPublic!: boolean;

  @Column({ name: 'history_public_to_subscribers', type: 'boolean' })
  historyPublicToSubscribers!: boolean;

  @Column({ name: 'message_retention_days', type: 'integer', nullable: true })
  messageRetentionDays!: number | null;

  @Column({ name: 'date_created', type: 'timestamptz' })
  dateCreated!: Date;

  @Column({ name: 'creator_id', type: 'integer', nullable: true })
  creatorId!: number | null;

  @Column({ type: 'boolean' })
  deactivated!: boolean;

  @Column({ name: 'recipient_id', type: 'integer', nullable: true })
  recipientId!: number | null;

  @Column({ name: 'first_message_id', type: 'integer', nullable: true })
  firstMessageId!: number | null;

  @Column({ name: 'is_recently_active', type: 'boolean' })
  isRecentlyActive!: boolean;

  @Column({ name: 'can_add_subscribers_group_id', type: 'integer' })
  canAddSubscribersGroupId!: number;

  @Column({ name: 'can_remove_subscribers_group_id', type: 'integer' })
  canRemoveSubscribersGroupId!: number;

  @Column({ name: 'can_administer_channel_group_id', type: 'integer' })
  canAdministerChannelGroupId!: number;

  @Column({ name: 'can_send_message_group_id', type: 'integer' })
  canSendMessageGroupId!: number;

  @Column({ name: 'can_subscribe_group_id', type: 'integer' })
  canSubscribeGroupId!: number;
}

@Entity({ name: 'default_stream' })
export class DefaultStreamEntity {
  @PrimaryColumn({ name: 'realm_id', type: 'integer' })
  realmId!: number;

  @PrimaryColumn({ name: 'stream_id', type: 'integer' })
  streamId!: number;
}
