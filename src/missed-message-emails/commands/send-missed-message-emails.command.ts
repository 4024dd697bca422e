import { CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { UnsubscribeLinks } from '../../email-unsubscribe/commands/unsubscribe-links';
import { TransactionRunner } from '../../platform/database/transaction-runner';
import { ServerSettings } from '../../platform/config/settings';
import { MailOutbox } from '../../platform/mail/mail-outbox';
import { RealmAddressing } from '../../realm/public/realm-addressing';
import { RealmDirectory } from '../../realm/queries/realm-directory';
import { USER_SETTING_DEFAULTS } from '../../users/public/user-settings';
import { UserDirectory } from '../../users/queries/user-directory';
import { EmailTrigger } from '../domain/email-triggers';
import { MissedMessage, missedMessageBuckets, missedMessageMail } from '../domain/missed-message-mail';
import { MissedMessageStore } from '../persistence/missed-message.store';

/** The scheduler's one step: send one user's due batch of missed-message emails, if any. */
export class SendMissedMessageEmailsCommand {}

/** `none`: nothing was left to claim; `sent`: one batch was settled (its emails written, or nothing left to say). */
export type SendOutcome = 'none' | 'sent';

/** Triggers that `enable_offline_email_notifications` governs (Zulip's dm_mention_email_disabled_user_ids). */
const OFFLINE_SETTING_TRIGGERS: ReadonlySet<EmailTrigger> = new Set<EmailTrigger>([
  'private_message',
  'mentioned',
  'topic_wildcard_mentioned_in_followed_topic',
  'stream_wildcard_mentioned_in_followed_topic',
  'topic_wildcard_mentioned',
  'stream_wildcard_mentioned',
]);

/** realm_name_in_email_notifications_policy values. */
const REALM_NAME_AUTOMATIC = 1;
const REALM_NAME_ALWAYS = 2;

/**
 * Zulip's handle_missedmessage_emails for one user's due batch, in one transaction: claim
 * the rows, keep the messages still unread and not deleted (and, if the user turned
 * `enable_offline_email_notifications` off meanwhile, none of the direct messages and
 * mentions), write one email per conversation bucket to the mail outbox, settle the rows
 * (kept a while so the messages never notify again). The emails and the settling commit
 * together: a process dying midway leaves the batch due.
 */
@CommandHandler(SendMissedMessageEmailsCommand)
export class SendMissedMessageEmailsHandler implements ICommandHandler<SendMissedMessageEmailsCommand, SendOutcome> {
  constructor(
    private readonly tx: TransactionRunner,
    private readonly store: MissedMessageStore,
    private readonly users: UserDirectory,
    private readonly realms: RealmDirectory,
    private readonly addressing: RealmAddressing,
    private readonly outbox: MailOutbox,
    private readonly unsubscribeLinks: UnsubscribeLinks,
    private readonly server: ServerSettings,
  ) {}

  execute(): Promise<SendOutcome> {
    return this.tx.run(async () => {
      const batch = await this.store.claimDueBatch();
      if (!batch) return 'none';
      await this.store.settlePending(batch.userId, batch.rows.map((row) => row.messageId));
      await this.store.forgetSettled();
      const user = await this.users.findById(batch.userId);
      if (!user || !user.isActive || user.isBot) return 'sent';
      const settings = { ...USER_SETTING_DEFAULTS, ...user.settings } as typeof USER_SETTING_DEFAULTS;
      const triggers = new Map(
        batch.rows
          .filter((row) => settings.enable_offline_email_notifications || !OFFLINE_SETTING_TRIGGERS.has(row.trigger))
          .map((row) => [row.messageId, row.trigger]),
      );
      if (triggers.size === 0) return 'sent';
      const unread = await this.store.unreadMessages(batch.userId, [...triggers.keys()]);
      if (unread.length === 0) return 'sent';
      const messages: MissedMessage[] = unread.map((message) => ({ ...message, trigger: triggers.get(message.id) ?? null }));
      // Zulip shows a channel mention with the few messages just before it in its topic.
      const shown = new Set(messages.map((message) => message.id));
      for (const bucket of missedMessageBuckets(messages)) {
        const first = unread.find((message) => message.id === bucket[0].id);
        if (!first || first.recipientType !== 2 || !first.mentioned) continue;
        for (const context of await this.store.contextOf(user.id, first)) {
          if (shown.has(context.id)) continue;
          shown.add(context.id);
          messages.push({ ...context, trigger: null });
        }
      }
      const realm = await this.realms.requireById(user.realmId);
      const policy = settings.realm_name_in_email_notifications_policy as number;
      const realmNameInSubject =
        policy === REALM_NAME_ALWAYS || (policy === REALM_NAME_AUTOMATIC && (await this.store.accountsWithEmail(user.deliveryEmail)) > 1);
      const realmUrl = this.addressing.url(realm.stringId);
      // Zulip's one_click_unsubscribe_link: a key of its own for each email, in the email's transaction.
      const unsubscribeUrl = (await this.unsubscribeLinks.create(user.id, realmUrl, 'missed_messages')).url;
      const recipient = {
        email: user.deliveryEmail,
        fullName: user.fullName,
        showContent: settings.message_content_in_email_notifications as boolean,
        realmNameInSubject,
      };
      for (const bucket of missedMessageBuckets(messages)) {
        await this.outbox.enqueue(missedMessageMail(bucket, recipient, { name: realm.name, url: realmUrl, installationName: this.server.externalHost }, unsubscribeUrl));
      }
      return 'sent';
    });
  }
}
