import { Column, Entity, PrimaryGeneratedColumn } from 'typeorm';

/** Zulip's recipient types: a user's 1:1 inbox, a channel, a group DM. */
export enum RecipientType {
  Personal = 1,
  Stream = 2,
  DirectMessageGroup = 3,
}

@Entity({ name: 'recipient' })
export class RecipientEntity {
  @PrimaryGeneratedColumn()
  id!: number;

  @Column({ type: 'smallint' })
  type!: RecipientType;

  /** The user, stream or direct-message-group id, by `type`. */
  @Column({ name: 'type_id', type: 'integer' })
  typeId!: number;
}
