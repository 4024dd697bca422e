import { DataSourceOptions } from 'typeorm';
import { InitialSchema1763800000000 } from './migrations/1763800000000-initial-schema';
import { ChannelAndGroupPermissions1764000000000 } from './migrations/1764000000000-channel-and-group-permissions';
import { UserGroups1764100000000 } from './migrations/1764100000000-user-groups';
import { Bots1764200000000 } from './migrations/1764200000000-bots';
import { ProfileFieldsAndLinkifiers1764300000000 } from './migrations/1764300000000-profile-fields-and-linkifiers';
import { EmojiStatusAvatars1764600000000 } from './migrations/1764600000000-emoji-status-avatars';
import { Reactions1764800000000 } from './migrations/1764800000000-reactions';
import { AlertWords1764900000000 } from './migrations/1764900000000-alert-words';
import { MessageSearch1765100000000 } from './migrations/1765100000000-message-search';
import { UploadsAndSubmessages1765200000000 } from './migrations/1765200000000-uploads-and-submessages';
import { PresenceAndMuting1764500000000 } from './migrations/1764500000000-presence-and-muting';
import { SettingsAndDrafts1764400000000 } from './migrations/1764400000000-settings-and-drafts';
import { OutgoingWebhookTriggers1765400000000 } from './migrations/1765400000000-outgoing-webhook-triggers';
import { EventOutbox1765500000000 } from './migrations/1765500000000-event-outbox';
import { MessageStatistics1766100000000 } from './migrations/1766100000000-message-statistics';
import { UserDirectoryVersion1766200000000 } from './migrations/1766200000000-user-directory-version';
import { MessageLocationVersion1766300000000 } from './migrations/1766300000000-message-location-version';
import { SubscriptionRecipientIndex1766400000000 } from './migrations/1766400000000-subscription-recipient-index';
import { MessageInsertForeignKeys1766500000000 } from './migrations/1766500000000-message-insert-foreign-keys';
import { UserMessageCascade1766600000000 } from './migrations/1766600000000-user-message-cascade';
import { BotStorage1766700000000 } from './migrations/1766700000000-bot-storage';
import { SavedSnippets1766810000000 } from './migrations/1766810000000-saved-snippets';
import { RealmPlaygrounds1766820000000 } from './migrations/1766820000000-realm-playgrounds';
import { RealmDomains1766830000000 } from './migrations/1766830000000-realm-domains';
import { DefaultChannelGroups1766840000000 } from './migrations/1766840000000-default-channel-groups';
import { ScheduledMessages1766850000000 } from './migrations/1766850000000-scheduled-messages';
import { ZulipEmojiNames1766860000000 } from './migrations/1766860000000-zulip-emoji-names';
import { PushDeviceTokens1766870000000 } from './migrations/1766870000000-push-device-tokens';
import { ChannelEmailAddresses1766880000000 } from './migrations/1766880000000-channel-email-addresses';
import { RealmExports1766890000000 } from './migrations/1766890000000-realm-exports';
import { ZulipTenTwoEmojiNames1766895000000 } from './migrations/1766895000000-zulip-10-2-emoji-names';
import { MailOutbox1766900000000 } from './migrations/1766900000000-mail-outbox';
import { PasswordResetTokens1766900100000 } from './migrations/1766900100000-password-reset-tokens';
import { Invitations1766905000000 } from './migrations/1766905000000-invitations';
import { MissedMessageEmails1766910000000 } from './migrations/1766910000000-missed-message-emails';
import { DigestEmails1766915000000 } from './migrations/1766915000000-digest-emails';
import { SignupConfirmations1766920000000 } from './migrations/1766920000000-signup-confirmations';
import { SignupFromReusableLinks1766930000000 } from './migrations/1766930000000-signup-from-reusable-links';
import { MissedMessageSettled1766940000000 } from './migrations/1766940000000-missed-message-settled';
import { MailFromName1766940100000 } from './migrations/1766940100000-mail-from-name';
import { DatabaseIdentity1766945000000 } from './migrations/1766945000000-database-identity';
import { UserSessions1766950000000 } from './migrations/1766950000000-user-sessions';
import { MailKind1766951000000 } from './migrations/1766951000000-mail-kind';
import { RealmImages1766960800000 } from './migrations/1766960800000-realm-images';
import { RealmDeletionDate1766970000000 } from './migrations/1766970000000-realm-deletion-date';
import { ZulipTenTwoCldr46EmojiNames1766980000000 } from './migrations/1766980000000-zulip-10-2-cldr-46-emoji-names';
import { ImageThumbnails1766990000000 } from './migrations/1766990000000-image-thumbnails';
import { PushBouncer1767000000000 } from './migrations/1767000000000-push-bouncer';
import { PushNotificationSentByMessage1767004000000 } from './migrations/1767004000000-push-notification-sent-by-message';
import { EmbeddedConnection } from './embedded-postgres';
import { poolApplicationName } from './connection-budget';

/**
 * The TypeORM entities of the data source: the composition root names them
 * (src/database-entities.ts), since platform/ knows no module's tables.
 */
export type DatabaseEntities = NonNullable<DataSourceOptions['entities']>;

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
  AlertWords1764900000000,
  MessageSearch1765100000000,
  UploadsAndSubmessages1765200000000,
  OutgoingWebhookTriggers1765400000000,
  EventOutbox1765500000000,
  MessageStatistics1766100000000,
  UserDirectoryVersion1766200000000,
  MessageLocationVersion1766300000000,
  SubscriptionRecipientIndex1766400000000,
  MessageInsertForeignKeys1766500000000,
  UserMessageCascade1766600000000,
  BotStorage1766700000000,
  SavedSnippets1766810000000,
  RealmPlaygrounds1766820000000,
  RealmDomains1766830000000,
  DefaultChannelGroups1766840000000,
  ScheduledMessages1766850000000,
  ZulipEmojiNames1766860000000,
  PushDeviceTokens1766870000000,
  ChannelEmailAddresses1766880000000,
  RealmExports1766890000000,
  ZulipTenTwoEmojiNames1766895000000,
  MailOutbox1766900000000,
  PasswordResetTokens1766900100000,
  Invitations1766905000000,
  MissedMessageEmails1766910000000,
  DigestEmails1766915000000,
  SignupConfirmations1766920000000,
  SignupFromReusableLinks1766930000000,
  MissedMessageSettled1766940000000,
  MailFromName1766940100000,
  DatabaseIdentity1766945000000,
  UserSessions1766950000000,
  MailKind1766951000000,
  RealmImages1766960800000,
  RealmDeletionDate1766970000000,
  ZulipTenTwoCldr46EmojiNames1766980000000,
  ImageThumbnails1766990000000,
  PushBouncer1767000000000,
  PushNotificationSentByMessage1767004000000,
];

/** One description of the database for the server, the CLI and TypeORM's own CLI. */
export function dataSourceOptions(
  target: { url: string } | EmbeddedConnection,
  poolSize: number,
  entities: DatabaseEntities,
): DataSourceOptions {
  const connection =
    'url' in target
      ? { url: target.url, applicationName: poolApplicationName(poolSize) }
      : { host: target.host, port: target.port, username: target.user, database: target.database };
  return {
    type: 'postgres',
    ...connection,
    entities,
    migrations: MIGRATIONS,
    migrationsTableName: 'typeorm_migrations',
    migrationsTransactionMode: 'each',
    synchronize: false,
    logging: false,
    extra: {
      max: poolSize,
      // A connection closed when idle takes its prepared statements and warm catalog
      // caches with it (a new session plans its first statements ten times slower).
      idleTimeoutMillis: 600_000,
      // Requests run short queries ordered by id with a LIMIT; parallel workers cost more to
      // start (several ms) than such a query takes, and the planner picks them when its row
      // estimate is poor (a DM narrow on a large history: 10 ms instead of 1 ms). JIT
      // compiling likewise: a poor estimate past jit_above_cost spent 20 ms compiling a
      // register query that runs in 5.
      ...('url' in target ? { options: '-c max_parallel_workers_per_gather=0 -c jit=off' } : {}),
    },
  };
}

/**
 * Whether every connection of the pool is its own PostgreSQL session. The embedded
 * database serves all of them from one session, where a statement one connection prepares
 * under a name would collide with another's.
 */
export function connectionsAreSessions(options: DataSourceOptions): boolean {
  return 'url' in options && options.url !== undefined;
}
