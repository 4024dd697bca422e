import { Logger } from '@nestjs/common';
import { CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { ChannelDirectory } from '../../channels/queries/channel-directory';
import { SubscribedChannel, SubscriberDirectory } from '../../channels/queries/subscriber-directory';
import { UnsubscribeLinks } from '../../email-unsubscribe/commands/unsubscribe-links';
import { TransactionRunner } from '../../platform/database/transaction-runner';
import { MailOutbox } from '../../platform/mail/mail-outbox';
import { trustedHtml, html, SafeHtml } from '../../platform/web/html';
import { RealmAddressing } from '../../realm/public/realm-addressing';
import { isGuest } from '../../shared/roles';
import { UserDirectory } from '../../users/queries/user-directory';
import { USER_SETTING_DEFAULTS } from '../../users/public/user-settings';
import {
  ACTIVITY_INTERVAL_MS,
  DIGEST_CHUNK,
  digestCutoff,
  DigestTopic,
  enoughTraffic,
  hotTopics,
  moreMessages,
  RECENT_DIGEST_MS,
  zulipWeekday,
} from '../domain/digest-topics';
import { DigestContent, DigestConversation, digestMail } from '../domain/digest-texts';
import { DigestRealm, DigestStore } from '../persistence/digest.store';

/** A user who may get a digest. */
interface DigestUser {
  id: number;
  email: string;
  role: number;
  showContentSetting: boolean;
}

/** A channel created since the cutoff (Zulip's get_recently_created_streams). */
interface NewChannel {
  id: number;
  name: string;
  inviteOnly: boolean;
  webPublic: boolean;
}

/**
 * Zulip's digest pass (`manage.py enqueue_digest_emails` and its daily cron): every realm
 * whose digest weekday is today, or the realm named (whatever the day: an administrator's or
 * a test's "now"); realms with digests off send none.
 */
export class EnqueueDigestEmailsCommand {
  constructor(readonly subdomain?: string) {}
}

export interface DigestPassResult {
  realms: number;
  /** Users due a digest (Zulip's queued user ids). */
  considered: number;
  /** Digests written to the mail outbox. */
  sent: number;
}

/**
 * Finds the users due a digest, builds each one's (Zulip's bulk_get_digest_context) and,
 * when there is enough to say, writes the mail with its unsubscribe link in one transaction
 * with the claim of the user's digest for the period (`user_digest`): a second pass, in this
 * process or another, or after a restart, finds the claim and sends nothing.
 */
@CommandHandler(EnqueueDigestEmailsCommand)
export class EnqueueDigestEmailsHandler implements ICommandHandler<EnqueueDigestEmailsCommand, DigestPassResult> {
  private readonly logger = new Logger('Digest');

  constructor(
    private readonly store: DigestStore,
    private readonly tx: TransactionRunner,
    private readonly mail: MailOutbox,
    private readonly links: UnsubscribeLinks,
    private readonly addressing: RealmAddressing,
    private readonly users: UserDirectory,
    private readonly channels: ChannelDirectory,
    private readonly subscribers: SubscriberDirectory,
  ) {}

  async execute(command: EnqueueDigestEmailsCommand): Promise<DigestPassResult> {
    const now = new Date();
    const realms = await this.store.realms(command.subdomain === undefined ? { weekday: zulipWeekday(now) } : { subdomain: command.subdomain });
    const result: DigestPassResult = { realms: realms.length, considered: 0, sent: 0 };
    for (const realm of realms) {
      const cutoff = digestCutoff(now);
      const digestedSince = new Date(now.getTime() - RECENT_DIGEST_MS);
      const due = await this.store.candidates(realm.id, new Date(cutoff.getTime() - ACTIVITY_INTERVAL_MS), digestedSince);
      result.considered += due.length;
      for (let start = 0; start < due.length; start += DIGEST_CHUNK) {
        result.sent += await this.chunk(realm, due.slice(start, start + DIGEST_CHUNK), cutoff, digestedSince);
      }
    }
    if (result.sent > 0) this.logger.log(`digest emails: ${result.sent} written for ${result.considered} users due in ${result.realms} realms`);
    return result;
  }

  /** One chunk of a realm's users (Zulip's bulk_handle_digest_email); answers the digests written. */
  private async chunk(realm: DigestRealm, ids: number[], cutoff: Date, digestedSince: Date): Promise<number> {
    const users = await this.digestUsers(realm.id, ids);
    const subscriptions = await this.subscribers.unmutedChannelsOf(users.map((user) => user.id));
    // Channels whose history every subscriber sees are read once for the chunk, as Zulip's cache does.
    const shared = [...new Set(subscriptions.filter((sub) => sub.historyPublic).map((sub) => sub.streamId))];
    const sharedTopics = await this.store.topics(shared, cutoff, null);
    const created = await this.newChannels(realm.id, cutoff);
    const realmUrl = this.addressing.url(realm.subdomain);
    let sent = 0;
    for (const user of users) {
      const own = subscriptions.filter((sub) => sub.userId === user.id);
      const content = await this.content(realm, realmUrl, user, own, sharedTopics, created, cutoff);
      if (!content) continue;
      const written = await this.tx.run(async () => {
        if (!(await this.store.claim(user.id, digestedSince))) return false;
        const link = await this.links.create(user.id, realmUrl, 'digest');
        await this.mail.enqueue(digestMail({ ...content, unsubscribeUrl: link.url }, link.headers));
        return true;
      });
      if (written) sent += 1;
    }
    return sent;
  }

  /** The users of a chunk, still active (Zulip's bulk_handle_digest_email reads them again), by id. */
  private async digestUsers(realmId: number, ids: readonly number[]): Promise<DigestUser[]> {
    const users = await this.users.findByIds(realmId, ids);
    return users
      .filter((user) => user.isActive)
      .map((user) => {
        const stored = user.settings.message_content_in_email_notifications;
        return {
          id: user.id,
          email: user.deliveryEmail,
          role: user.role,
          showContentSetting: typeof stored === 'boolean' ? stored : USER_SETTING_DEFAULTS.message_content_in_email_notifications,
        };
      });
  }

  /** Zulip's get_recently_created_streams: the realm's channels created after `since`, archived ones aside, by id. */
  private async newChannels(realmId: number, since: Date): Promise<NewChannel[]> {
    const channels = await this.channels.listInRealm(realmId);
    return channels
      .filter((channel) => !channel.deactivated && new Date(channel.dateCreated).getTime() > since.getTime())
      .map((channel) => ({ id: channel.id, name: channel.name, inviteOnly: channel.inviteOnly, webPublic: channel.isWebPublic }));
  }

  /** The user's digest, or null when it would say too little (Zulip's enough_traffic). */
  private async content(
    realm: DigestRealm,
    realmUrl: string,
    user: DigestUser,
    subscriptions: SubscribedChannel[],
    sharedTopics: DigestTopic[],
    created: NewChannel[],
    cutoff: Date,
  ): Promise<Omit<DigestContent, 'unsubscribeUrl'> | null> {
    // Zulip's gather_new_streams: public channels, or web-public ones for a guest.
    const newChannels = created.filter((channel) => (isGuest(user.role) ? channel.webPublic : !channel.inviteOnly)).map(({ id, name }) => ({ id, name }));
    const showContent = realm.contentAllowed && user.showContentSetting;
    let conversations: DigestConversation[] = [];
    let newMessages = 0;
    if (showContent) {
      const sharedIds = new Set(subscriptions.filter((sub) => sub.historyPublic).map((sub) => sub.streamId));
      // A channel that hides history from new subscribers: only what the user received.
      const protectedIds = subscriptions.filter((sub) => !sub.historyPublic).map((sub) => sub.streamId);
      const topics = [...sharedTopics.filter((topic) => sharedIds.has(topic.streamId)), ...(await this.store.topics(protectedIds, cutoff, user.id))];
      topics.sort((a, b) => a.sampleIds[0] - b.sampleIds[0]);
      conversations = await this.conversations(hotTopics(topics), subscriptions, realmUrl);
    } else {
      newMessages = await this.store.newMessages(user.id, cutoff);
    }
    if (!enoughTraffic(conversations.length, newChannels.length, newMessages, showContent)) return null;
    return {
      to: user.email,
      realmName: realm.name,
      realmUrl,
      showContent,
      hiddenByRealm: !realm.contentAllowed,
      conversations,
      newChannels,
      newMessages,
    };
  }

  private async conversations(topics: DigestTopic[], subscriptions: SubscribedChannel[], realmUrl: string): Promise<DigestConversation[]> {
    const samples = await this.store.samples(topics.flatMap((topic) => topic.sampleIds));
    const names = new Map(subscriptions.map((sub) => [sub.streamId, sub.name]));
    return topics.map((topic) => ({
      streamId: topic.streamId,
      streamName: names.get(topic.streamId) ?? '',
      topic: topic.topic,
      more: moreMessages(topic),
      participants: topic.participants,
      samples: topic.sampleIds.flatMap((id) => {
        const message = samples.get(id);
        return message ? [{ id, senderName: message.senderName, plain: message.content, html: renderedForMail(message.renderedContent, message.content, realmUrl) }] : [];
      }),
    }));
  }
}

/**
 * A message's rendered HTML for a mail: the server's own sanitized rendering, its links to
 * the server (uploads, narrows, avatars) made absolute, as Zulip's relative_to_full_url does.
 */
function renderedForMail(rendered: string | null, source: string, realmUrl: string): SafeHtml {
  if (rendered === null) return html`<p>${source}</p>`;
  return trustedHtml(rendered.replace(/(href|src)="\//g, `$1="${realmUrl}/`));
}
