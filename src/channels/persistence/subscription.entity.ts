import { Column, Entity, PrimaryGeneratedColumn } from 'typeorm';

/** Membership of a user in a recipient: a channel, a group DM, or the user's own inbox. */
@Entity({ name: 'subscription' })
export class SubscriptionEntity {
  @PrimaryGeneratedColumn()
  id!: number;

  @Column({ name: 'user_profile_id', type: 'integer' })
  userId!: number;

  @Column({ name: 'recipient_id', type: 'integer' })
  recipientId!: number;

  @Column({ type: 'boolean' })
  active!: boolean;

  @Column({ name: 'is_user_active', type: 'boolean' })
  isUserActive!: boolean;

  @Column({ type: 'varchar' })
  color!: string;

  @Column({ name: 'is_muted', type: 'boolean' })
  isMuted!: boolean;

  @Column({ name: 'pin_to_top', type: 'boolean' })
  pinToTop!: boolean;

  @Column({ name: 'desktop_notifications', type: 'boolean', nullable: true })
  desktopNotifications!: boolean | null;

  @Column({ name: 'audible_notifications', type: 'boolean', nullable: true })
  audibleNotifications!: boolean | null;

  @Column({ name: 'push_notifications', type: 'boolean', nullable: true })
  pushNotifications!: boolean | null;

  @Column({ name: 'email_notifications', type: 'boolean', nullable: true })
  emailNotifications!: boolean | null;

  @Column({ name: 'wildcard_mentions_notify', type: 'boolean', nullable: true })
  wildcardMentionsNotify!: boolean | null;
}
