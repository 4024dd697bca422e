import { Column, Entity, PrimaryColumn, PrimaryGeneratedColumn } from 'typeorm';

@Entity({ name: 'message' })
export class MessageEntity {
  @PrimaryGeneratedColumn()
  id!: number;

  @Column({ name: 'realm_id', type: 'integer' })
  realmId!: number;

  @Column({ name: 'sender_id', type: 'integer' })
  senderId!: number;

  @Column({ name: 'recipient_id', type: 'integer' })
  recipientId!: number;

  /** The topic; empty for direct messages. */
  @Column({ type: 'varchar' })
  subject!: string;

  @Column({ type: 'text' })
  content!: string;

  @Column({ name: 'rendered_content', type: 'text', nullable: true })
  renderedContent!: string | null;

  @Column({ name: 'rendered_content_version', type: 'integer', nullable: true })
  renderedContentVersion!: number | null;

  @Column({ name: 'date_sent', type: 'timestamptz' })
  dateSent!: Date;

  @Column({ name: 'sending_client', type: 'varchar' })
  sendingClient!: string;

  @Column({ name: 'last_edit_time', type: 'timestamptz', nullable: true })
  lastEditTime!: Date | null;

  @Column({ name: 'last_moved_time', type: 'timestamptz', nullable: true })
  lastMovedTime!: Date | null;

  @Column({ name: 'edit_history', type: 'jsonb', nullable: true })
  editHistory!: unknown[] | null;

  @Column({ name: 'has_attachment', type: 'boolean' })
  hasAttachment!: boolean;

  @Column({ name: 'has_image', type: 'boolean' })
  hasImage!: boolean;

  @Column({ name: 'has_link', type: 'boolean' })
  hasLink!: boolean;

  @Column({ name: 'is_channel_message', type: 'boolean' })
  isChannelMessage!: boolean;
}

@Entity({ name: 'user_message' })
export class UserMessageEntity {
  @PrimaryColumn({ name: 'user_profile_id', type: 'integer' })
  userId!: number;

  @PrimaryColumn({ name: 'message_id', type: 'integer' })
  messageId!: number;

  @Column({ type: 'integer' })
  flags!: number;
}

@Entity({ name: 'direct_message_group' })
export class DirectMessageGroupEntity {
  @PrimaryGeneratedColumn()
  id!: number;

  /** SHA-1 of the sorted member ids joined by commas, as Zulip computes it. */
  @Column({ name: 'huddle_hash', type: 'varchar' })
  huddleHash!: string;

  @Column({ name: 'group_size', type: 'integer' })
  groupSize!: number;

  @Column({ name: 'recipient_id', type: 'integer', nullable: true })
  recipientId!: number | null;
}
