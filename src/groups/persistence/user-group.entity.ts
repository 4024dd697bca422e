import { Column, Entity, PrimaryColumn, PrimaryGeneratedColumn } from 'typeorm';

/**
 * A named group (system or user-made), or an anonymous one that backs a group-setting
 * value of the form `{direct_members, direct_subgroups}` (then `name` is null).
 */
@Entity({ name: 'user_group' })
export class UserGroupEntity {
  @PrimaryGeneratedColumn()
  id!: number;

  @Column({ name: 'realm_id', type: 'integer' })
  realmId!: number;

  @Column({ type: 'varchar', nullable: true })
  name!: string | null;

  @Column({ type: 'text' })
  description!: string;

  @Column({ name: 'is_system_group', type: 'boolean' })
  isSystemGroup!: boolean;

  @Column({ name: 'date_created', type: 'timestamptz', nullable: true })
  dateCreated!: Date | null;

  @Column({ name: 'creator_id', type: 'integer', nullable: true })
  creatorId!: number | null;

  @Column({ type: 'boolean' })
  deactivated!: boolean;

  // The group's own permissions (group-setting values, each backed by a group).
  @Column({ name: 'can_add_members_group_id', type: 'integer', nullable: true })
  canAddMembersGroupId!: number | null;

  @Column({ name: 'can_join_group_id', type: 'integer', nullable: true })
  canJoinGroupId!: number | null;

  @Column({ name: 'can_leave_group_id', type: 'integer', nullable: true })
  canLeaveGroupId!: number | null;

  @Column({ name: 'can_manage_group_id', type: 'integer', nullable: true })
  canManageGroupId!: number | null;

  @Column({ name: 'can_mention_group_id', type: 'integer', nullable: true })
  canMentionGroupId!: number | null;

  @Column({ name: 'can_remove_members_group_id', type: 'integer', nullable: true })
  canRemoveMembersGroupId!: number | null;
}

@Entity({ name: 'user_group_membership' })
export class UserGroupMembershipEntity {
  @PrimaryColumn({ name: 'user_group_id', type: 'integer' })
  userGroupId!: number;

  @PrimaryColumn({ name: 'user_profile_id', type: 'integer' })
  userId!: number;
}

@Entity({ name: 'group_group_membership' })
export class GroupGroupMembershipEntity {
  @PrimaryColumn({ name: 'supergroup_id', type: 'integer' })
  supergroupId!: number;

  @PrimaryColumn({ name: 'subgroup_id', type: 'integer' })
  subgroupId!: number;
}
