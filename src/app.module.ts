import { DynamicModule, Module } from '@nestjs/common';
import { CqrsModule } from '@nestjs/cqrs';
import { AdminModule } from './admin/admin.module';
import { AvatarsModule } from './avatars/avatars.module';
import { BotsModule } from './bots/bots.module';
import { BotStorageModule } from './bot-storage/bot-storage.module';
import { ChannelsModule } from './channels/channels.module';
import { EmojiModule } from './emoji/emoji.module';
import { EventQueuesModule } from './platform/events/queues/event-queues.module';
import { EventsModule } from './events/events.module';
import { GroupsModule } from './groups/groups.module';
import { LinkifiersModule } from './linkifiers/linkifiers.module';
import { RealmPlaygroundsModule } from './realm-playgrounds/realm-playgrounds.module';
import { MarkdownModule } from './markdown/markdown.module';
import { MessagesModule } from './messages/messages.module';
import { MissedMessageEmailsModule } from './missed-message-emails/missed-message-emails.module';
import { AppConfig } from './platform/config/app-config';
import { ConfigModule } from './platform/config/config.module';
import { DatabaseModule } from './platform/database/database.module';
import { DATABASE_ENTITIES } from './database-entities';
import { RedisModule } from './platform/redis/redis.module';
import { ObservabilityModule } from './platform/observability/observability.module';
import { OpenApiModule } from './openapi/openapi.module';
import { ProfileFieldsModule } from './profile-fields/profile-fields.module';
import { MailModule } from './platform/mail/mail.module';
import { DraftsModule } from './drafts/drafts.module';
import { DefaultChannelGroupsModule } from './default-channel-groups/default-channel-groups.module';
import { RealmModule } from './realm/realm.module';
import { ReactionsModule } from './reactions/reactions.module';
import { SubmessagesModule } from './submessages/submessages.module';
import { CallsModule } from './calls/calls.module';
import { PushDevicesModule } from './push-devices/push-devices.module';
import { ChannelEmailModule } from './channel-email/channel-email.module';
import { DigestModule } from './digest/digest.module';
import { EmailUnsubscribeModule } from './email-unsubscribe/email-unsubscribe.module';
import { UploadsModule } from './uploads/uploads.module';
import { StatusModule } from './status/status.module';
import { StorageModule } from './platform/storage/storage.module';
import { MutedUsersModule } from './muted-users/muted-users.module';
import { PresenceModule } from './presence/presence.module';
import { UserTopicsModule } from './user-topics/user-topics.module';
import { RetentionModule } from './retention/retention.module';
import { SavedSnippetsModule } from './saved-snippets/saved-snippets.module';
import { InvitesModule } from './invites/invites.module';
import { SignupModule } from './signup/signup.module';
import { ScheduledMessagesModule } from './scheduled-messages/scheduled-messages.module';
import { UsersModule } from './users/users.module';
import { WebAppModule } from './web-app/web-app.module';
import { WebhooksModule } from './webhooks/webhooks.module';
import { IntegrationsModule } from './integrations/integrations.module';
import { WebAssetsModule } from './web-app/web-assets.module';
import { WireModule } from './wire/wire.module';
import { UsersForModulesBelowModule } from './users/for-modules-below.module';
import { ChannelsForModulesBelowModule } from './channels/for-modules-below.module';
import { MessagesForModulesBelowModule } from './messages/for-modules-below.module';
import { MarkdownForModulesBelowModule } from './markdown/for-modules-below.module';
import { ReactionsForModulesBelowModule } from './reactions/for-modules-below.module';
import { SubmessagesForModulesBelowModule } from './submessages/for-modules-below.module';
import { MutedUsersForModulesBelowModule } from './muted-users/for-modules-below.module';

/** The whole server: the same module tree serves HTTP and runs CLI commands. */
@Module({})
export class AppModule {
  static forRoot(config: AppConfig): DynamicModule {
    return {
      module: AppModule,
      imports: [
        ConfigModule.forRoot(config),
        // Right after the configuration: its connections must close after their users.
        RedisModule,
        CqrsModule.forRoot(),
        DatabaseModule.forRoot(DATABASE_ENTITIES),
        StorageModule,
        MailModule,
        EventQueuesModule,
        ObservabilityModule,
        WireModule,
        RealmModule,
        GroupsModule,
        UsersModule,
        ChannelsModule,
        DefaultChannelGroupsModule,
        MessagesModule,
        ProfileFieldsModule,
        LinkifiersModule,
        RealmPlaygroundsModule,
        EmojiModule,
        StatusModule,
        ReactionsModule,
        AvatarsModule,
        PresenceModule,
        MutedUsersModule,
        UserTopicsModule,
        EventsModule,
        AdminModule,
        BotsModule,
        BotStorageModule,
        DraftsModule,
        SavedSnippetsModule,
        InvitesModule,
        SignupModule,
        WebAppModule,
        ScheduledMessagesModule,
        MissedMessageEmailsModule,
        CallsModule,
        PushDevicesModule,
        ChannelEmailModule,
        EmailUnsubscribeModule,
        DigestModule,
        WebhooksModule,
        IntegrationsModule,
        RetentionModule,
        MarkdownModule,
        UploadsModule,
        SubmessagesModule,
        // What modules read of the modules above them (docs/architecture.md, "Reading a
        // module above"): each binds the ports the modules below it declare.
        UsersForModulesBelowModule,
        ChannelsForModulesBelowModule,
        MessagesForModulesBelowModule,
        MarkdownForModulesBelowModule,
        ReactionsForModulesBelowModule,
        SubmessagesForModulesBelowModule,
        MutedUsersForModulesBelowModule,
        OpenApiModule,
        WebAssetsModule,
      ],
    };
  }
}
