import { DataSourceOptions } from 'typeorm';
import { RealmEntity } from '../../realm/persistence/realm.entity';
import { UserEntity } from '../../users/persistence/user.entity';
import {
  GroupGroupMembershipEntity,
  UserGroupEntity,
  UserGroupMembershipEntity,
} from '../../groups/persistence/user-group.entity';
import { RecipientEntity } from '../../messages/persistence/recipient.entity';
import {
  DirectMessageGroupEntity,
  MessageEntity,
  UserMessageEntity,
} from '../../messages/persistence/message.entity';
import { DefaultStreamEntity, StreamEntity } from '../../channels/persistence/stream.entity';
import { SubscriptionEntity } from '../../channels/persistence/subscription.entity';
import { InitialSchema1763800000000 } from './migrations/1763800000000-initial-schema';
import { ChannelAndGroupPermissions1764000000000 } from './migrations/1764000000000-channel-and-group-permissions';
import { UserGroups1764100000000 } from './migrations/1764100000000-user-groups';
import { Bots1764200000000 } from './migrations/1764200000000-bots';
import { ProfileFieldsAndLinkifiers1764300000000 } from './migrations/1764300000000-profile-fields-and-linkifiers';
import { EmojiStatusAvatars1764600000000 } from './migrations/1764600000000-emoji-status-avatars';
import { Reactions1764800000000 } from './migrations/1764800000000-reactions';
import { PresenceAndMuting1764500000000 } from './migrations/1764500000000-presence-and-muting';
import { SettingsAndDrafts1764400000000 } from './migrations/1764400000000-settings-and-drafts';
import { EmbeddedConnection } from './embedded-postgres';

export const ENTITIES = [
  RealmEntity,
  UserEntity,
  UserGroupEntity,
  UserGroupMembershipEntity,
  GroupGroupMembershipEntity,
  RecipientEntity,
  StreamEntity,
  DefaultStreamEntity,
  SubscriptionEntity,
  DirectMessageGroupEntity,
  MessageEntity,
  UserMessageEntity,
];

export const MIGRATIONS = [
  InitialSchema1763800000000,
  ChannelAndGroupPermissions1764000000000,
  UserGroups1764100000000,
  Bots1764200000000,
  ProfileFieldsAndLinkifiers1764300000000,
  SettingsAndDrafts1764400000000,
  PresenceAndMuting1764500000000,
  EmojiStatusAvatars1764600000000,
  Reactions1764800000000,
];

/** One description of the database for the server, the CLI and TypeORM's own CLI. */
export function dataSourceOptions(target: { url: string } | EmbeddedConnection, poolSize: number): DataSourceOptions {
  const connection =
    'url' in target
      ? { url: target.url }
      : { host: target.host, port: target.port, username: target.user, database: target.database };
  return {
    type: 'postgres',
    ...connection,
    entities: ENTITIES,
    migrations: MIGRATIONS,
    migrationsTableName: 'typeorm_migrations',
    migrationsTransactionMode: 'each',
    synchronize: false,
    logging: false,
    extra: { max: poolSize },
  };
}
