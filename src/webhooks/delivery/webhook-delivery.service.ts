import { Injectable, Logger } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { MessageAddress, SendMessageCommand } from '../../messages/commands/send-message.command';
import { asSender } from '../../messages/events/subscription-notices.effects';
import { messageDict } from '../../messages/public/message-dict';
import { MessageSnapshotReader } from '../../messages/queries/message-snapshot.reader';
import { RealmAddressing } from '../../realm/public/realm-addressing';
import { BotType } from '../../shared/roles';
import { BotDirectory } from '../../users/queries/bot-directory';
import { UserRow } from '../../users/public/user-row';
import { UserDirectory } from '../../users/queries/user-directory';
import { SERVER_VERSION } from '../../shared/server-version';
import { RefusedAddress } from '../../platform/net/outbound-address';
import {
  interpretAnswer,
  InvalidWebhookAnswer,
  nearMessageUrl,
  ownerNotice,
  OwnerNoticeReason,
  UnsupportedWebhookMessage,
  WebhookMessage,
  webhookRequest,
} from '../domain/webhook-exchange';
import { WebhookSettings } from '../../platform/config/settings';
import { WebhookJob, WebhookTriggerStore } from '../persistence/webhook-trigger.store';
import { guardedPost, GuardedResponse, WebhookConnectionError, WebhookResponseTooLarge, WebhookTimeout } from './guarded-http';
import { AttemptOutcome } from './webhook-job-queue';

/** How one attempt ended, for the log line and the metrics. */
export type DeliveryResult =
  | 'delivered'
  | 'no_reply'
  | 'retry'
  | 'unavailable'
  | 'error_status'
  | 'invalid_answer'
  | 'refused_address'
  | 'unsupported'
  | 'dropped';

/** Something the delivery answered into the conversation and to the bot's owner. */
interface Failure {
  conversation: string;
  owner: OwnerNoticeReason | null;
}

/** Told of every attempt (the metrics module listens). */
export interface WebhookDeliveryObserver {
  attempted(outcome: { botId: number; realmId: number; result: DeliveryResult; seconds: number }): void;
}

/**
 * One delivery attempt of an outgoing-webhook trigger, as Zulip's outgoing_webhook.py
 * does it: POST the payload, then post the receiver's answer as the bot's reply in the
 * same conversation. Timeouts, connection errors and 5xx answers are retried; when the
 * last retry fails too, the bot says it is unavailable and its owner gets a direct
 * message saying why (the owner's record of recent failures).
 */
@Injectable()
export class WebhookDelivery {
  private readonly logger = new Logger('OutgoingWebhook');

  constructor(
    private readonly settings: WebhookSettings,
    private readonly store: WebhookTriggerStore,
    private readonly users: UserDirectory,
    private readonly bots: BotDirectory,
    private readonly loader: MessageSnapshotReader,
    private readonly addressing: RealmAddressing,
    private readonly commandBus: CommandBus,
  ) {}

  private readonly observers: WebhookDeliveryObserver[] = [];

  /** Adds a listener for every attempt's outcome (metrics). */
  observe(observer: WebhookDeliveryObserver): void {
    this.observers.push(observer);
  }

  async attempt(job: WebhookJob, attempt: number, finalAttempt: boolean): Promise<AttemptOutcome> {
    const started = process.hrtime.bigint();
    const target = await this.target(job);
    if (!target) {
      await this.store.settle(job);
      this.report(job, 0, 'dropped', started, attempt);
      return 'settled';
    }
    const { bot, message, baseUrl } = target;
    let result: DeliveryResult;
    let failure: Failure | null = null;
    try {
      const request = webhookRequest(bot.wire, job.trigger, message);
      const response = await guardedPost(
        baseUrl,
        { ...request, userAgent: `ZulipOutgoingWebhook/${SERVER_VERSION}` },
        { timeoutMs: this.settings.timeoutMs, maxResponseBytes: this.settings.maxResponseBytes, allowedHosts: this.settings.allowedHosts },
      );
      ({ result, failure } = await this.answer(bot.user, bot.wire.interface, message, response, finalAttempt));
    } catch (error) {
      ({ result, failure } = this.failed(error, finalAttempt));
    }
    if (result === 'retry') {
      this.report(job, bot.user.realmId, result, started, attempt);
      return 'retry';
    }
    if (failure) await this.fail(bot.user, message, failure);
    await this.store.settle(job);
    this.report(job, bot.user.realmId, result, started, attempt);
    return 'settled';
  }

  /** The bot, its service and the message, or null when the trigger no longer stands. */
  private async target(job: WebhookJob) {
    if (!(await this.store.isPending(job))) return null;
    const user = await this.users.findById(job.botId);
    if (!user || !user.isActive || user.botType !== BotType.OutgoingWebhook) return null;
    const service = await this.bots.service(user.id);
    if (!service) return null;
    const snapshot = (await this.loader.load([job.messageId])).get(job.messageId);
    if (!snapshot) return null;
    const message = {
      ...messageDict(snapshot, { applyMarkdown: false, clientGravatar: false, allowEmptyTopicName: true }),
      rendered_content: snapshot.renderedContent,
    } as unknown as WebhookMessage;
    const wire = { id: user.id, email: user.deliveryEmail, fullName: user.fullName, token: service.token, interface: service.interface };
    return { bot: { user, wire }, message, baseUrl: service.baseUrl, realmStr: snapshot.realmStr };
  }

  private async answer(
    bot: UserRow,
    interfaceType: number,
    message: WebhookMessage,
    response: GuardedResponse,
    finalAttempt: boolean,
  ): Promise<{ result: DeliveryResult; failure: Failure | null }> {
    if (response.status >= 200 && response.status < 300) {
      try {
        const answer = interpretAnswer(interfaceType, response.body);
        if (answer.reply === null) return { result: 'no_reply', failure: null };
        await this.reply(bot, message, answer.reply);
        return { result: 'delivered', failure: null };
      } catch (error) {
        if (!(error instanceof InvalidWebhookAnswer)) throw error;
        const reason = 'The outgoing webhook server attempted to send a message in Zulip, but that request resulted in ' +
          `the following error:\n> ${error.message}`;
        return {
          result: 'invalid_answer',
          failure: { conversation: error.message, owner: { kind: 'failure', message: reason, responseBody: response.body } },
        };
      }
    }
    if (response.status >= 500) {
      if (!finalAttempt) return { result: 'retry', failure: null };
      return {
        result: 'unavailable',
        failure: { conversation: 'Bot is unavailable', owner: { kind: 'failure', message: `Third party responded with ${response.status}` } },
      };
    }
    return {
      result: 'error_status',
      failure: {
        conversation: `Third party responded with ${response.status}`,
        owner: { kind: 'status', status: response.status, responseBody: response.body },
      },
    };
  }

  private failed(error: unknown, finalAttempt: boolean): { result: DeliveryResult; failure: Failure | null } {
    if (error instanceof WebhookTimeout || error instanceof WebhookConnectionError) {
      if (!finalAttempt) return { result: 'retry', failure: null };
      const why = error instanceof WebhookTimeout
        ? `Request timed out after ${this.settings.timeoutMs / 1000} seconds.`
        : 'A connection error occurred. Is my bot server down?';
      return { result: 'unavailable', failure: { conversation: 'Bot is unavailable', owner: { kind: 'failure', message: why } } };
    }
    if (error instanceof RefusedAddress) {
      return { result: 'refused_address', failure: { conversation: 'Bot is unavailable', owner: { kind: 'refused-address' } } };
    }
    if (error instanceof UnsupportedWebhookMessage) {
      return { result: 'unsupported', failure: { conversation: error.message, owner: null } };
    }
    if (error instanceof WebhookResponseTooLarge) {
      return {
        result: 'invalid_answer',
        failure: { conversation: error.message, owner: { kind: 'failure', message: error.message } },
      };
    }
    throw error;
  }

  /** The bot's answer in the conversation that triggered it. */
  private reply(bot: UserRow, message: WebhookMessage, content: string): Promise<void> {
    const address: MessageAddress = message.type === 'stream'
      ? { kind: 'stream', channel: Number(message.stream_id), topic: String(message.subject) }
      : { kind: 'private', to: (message.display_recipient as { id: number }[]).map((user) => user.id) };
    return this.post(bot, address, content);
  }

  /** A message from the bot, past channel permissions as Zulip's send_response_message. */
  private async post(bot: UserRow, address: MessageAddress, content: string): Promise<void> {
    await this.commandBus.execute(
      new SendMessageCommand(asSender(bot), address, content, 'OutgoingWebhookResponse', undefined, null, { readBy: [] }),
    );
  }

  private async fail(bot: UserRow, message: WebhookMessage, failure: Failure): Promise<void> {
    try {
      await this.reply(bot, message, `Failure! ${failure.conversation}`);
    } catch (error) {
      this.logger.warn(`bot ${bot.id} could not post its failure notice: ${(error as Error).message}`);
    }
    if (!failure.owner || bot.botOwnerId === null) return;
    const realmUrl = this.addressing.url(String(message.sender_realm_str));
    const notice = ownerNotice(nearMessageUrl(realmUrl, message), bot.fullName, failure.owner);
    try {
      await this.post(bot, { kind: 'private', to: [bot.botOwnerId] }, notice);
    } catch (error) {
      this.logger.warn(`bot ${bot.id} could not notify its owner: ${(error as Error).message}`);
    }
  }

  private report(job: WebhookJob, realmId: number, result: DeliveryResult, started: bigint, attempt: number): void {
    const seconds = Number(process.hrtime.bigint() - started) / 1e9;
    const line = `webhook m${job.messageId} bot ${job.botId} (${job.trigger}) attempt ${attempt}: ${result} in ${(seconds * 1000).toFixed(0)} ms`;
    if (result === 'delivered' || result === 'no_reply' || result === 'dropped') this.logger.log(line);
    else this.logger.warn(line);
    for (const observer of this.observers) observer.attempted({ botId: job.botId, realmId, result, seconds });
  }
}
