import { Logger } from '@nestjs/common';
import { CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { MessageAddress, MessageSending, SendMessageCommand } from '../../messages/commands/send-message.command';
import { TransactionRunner } from '../../platform/database/transaction-runner';
import { UserDirectory } from '../../users/queries/user-directory';
import { apiEmail } from '../../users/public/user-identity';
import { RealmAddressing } from '../../realm/public/realm-addressing';
import { RealmDirectory } from '../../realm/queries/realm-directory';
import { Actor } from '../../shared/actor';
import { ApiError } from '../../shared/api-error';
import { integrationNamed, webhookNameOf } from '../domain/catalog';
import { anomalousPayloadMessage, planDelivery, unsupportedEventMessage } from '../domain/delivery-plan';
import { EventFilters } from '../domain/event-filter';
import { IncomingWebhookCall, IncomingWebhookIntegration, IncomingWebhookOutcome, MalformedWebhookPayload, MissingWebhookEventHeader, WebhookRealmUser } from '../domain/integration';

/** Where the URL says to post: `stream` (a channel's name, or its id in digits) and `topic`. */
export interface WebhookTarget {
  readonly stream: string | undefined;
  readonly topic: string | undefined;
}

/**
 * One request to `/api/v1/external/<name>` (Zulip's `webhook_view` and
 * `check_send_webhook_message`): the provider reads the payload, the URL's filters and
 * target decide where (and whether) its messages go, and they are sent as the sender's,
 * through the send path every message takes (channel permissions, events, webhooks).
 */
export class ReceiveIncomingWebhookCommand {
  constructor(
    readonly sender: Actor,
    readonly integrationName: string,
    readonly call: IncomingWebhookCall,
    readonly target: WebhookTarget,
    readonly filters: EventFilters,
  ) {}
}

/** The success answer's fields beyond the envelope (the integration's own, as Slack's `ok`). */
export type WebhookReceipt = Readonly<Record<string, unknown>>;

/** The largest channel id a URL can name: beyond it no channel exists. */
const MAX_CHANNEL_ID = 2_147_483_647;

@CommandHandler(ReceiveIncomingWebhookCommand)
export class ReceiveIncomingWebhookHandler implements ICommandHandler<ReceiveIncomingWebhookCommand, WebhookReceipt> {
  private readonly logger = new Logger('IncomingWebhooks');

  constructor(
    private readonly tx: TransactionRunner,
    private readonly sending: MessageSending,
    private readonly users: UserDirectory,
    private readonly realms: RealmDirectory,
    private readonly addressing: RealmAddressing,
  ) {}

  async execute(command: ReceiveIncomingWebhookCommand): Promise<WebhookReceipt> {
    const integration = integrationNamed(command.integrationName);
    // The route answers an unknown name before credentials; this is the same answer.
    if (integration === null) throw new ApiError('Not found', 'BAD_REQUEST', 404);
    const receipt = { ...(integration.successFields ?? {}) };
    const webhookName = webhookNameOf(integration);
    const call = integration.needsRealmUsers === true ? { ...command.call, realmUsers: await this.realmUsers(command.sender.realmId) } : command.call;
    const target = integration.unquotesUrlParameters === true ? unquoted(command.target) : command.target;
    const plan = planDelivery(this.run(integration, call), target.topic, command.filters);
    if (plan.kind === 'nothing') return receipt;
    if (plan.kind === 'unsupported') {
      // The name may come from the payload: text, whatever the provider passed on.
      const eventType = String(plan.eventType);
      this.logger.warn(`${integration.name}: unsupported event '${eventType}' (user ${command.sender.id})`);
      // A 2xx error: answered with `result: success`, so that the service does not retry.
      throw new ApiError(unsupportedEventMessage(webhookName, eventType), 'UNSUPPORTED_WEBHOOK_EVENT_TYPE', 200, {
        webhook_name: webhookName,
        event_type: eventType,
      });
    }
    const address = await this.addressOf(command.sender, target);
    if (address === null) return receipt;
    const clientName = `Zulip${webhookName}Webhook`;
    try {
      await this.tx.run(async () => {
        for (const message of plan.messages) {
          const to: MessageAddress = address.kind === 'stream' ? { ...address, topic: message.topic } : address;
          await this.sending.send(new SendMessageCommand(command.sender, to, message.content, clientName, undefined, null));
        }
      });
    } catch (error) {
      // Zulip posts nothing to a channel that does not exist, and answers success.
      if (error instanceof ApiError && error.code === 'STREAM_DOES_NOT_EXIST') return receipt;
      throw error;
    }
    return receipt;
  }

  /**
   * The provider's reading of the payload. A payload it names as unreadable is a 400 in its
   * words; any other failure (a payload of a shape it did not expect) is Zulip's
   * AnomalousWebhookPayloadError, never a server error.
   */
  private run(integration: IncomingWebhookIntegration, call: IncomingWebhookCall): IncomingWebhookOutcome {
    try {
      const outcome = integration.handle(call);
      // A provider that read a payload of an unexpected shape may answer with what is not text.
      if (outcome.kind === 'messages' && !outcome.messages.every((message) => typeof message.topic === 'string' && typeof message.content === 'string')) {
        throw new TypeError('a message without a text topic and content');
      }
      return outcome;
    } catch (error) {
      if (error instanceof MissingWebhookEventHeader) {
        throw new ApiError(error.message, 'MISSING_HTTP_EVENT_HEADER', 400, { header: error.header });
      }
      if (error instanceof MalformedWebhookPayload) throw ApiError.badRequest(error.message);
      this.logger.warn(`${integration.name}: payload not understood: ${(error as Error).stack ?? String(error)}`);
      const webhookName = webhookNameOf(integration);
      throw new ApiError(anomalousPayloadMessage(webhookName), 'ANOMALOUS_WEBHOOK_PAYLOAD', 400, { webhook_name: webhookName });
    }
  }

  /**
   * The URL's channel (by id when all digits, else by name), or with none a direct message
   * to the bot's owner; null for a channel id too large to exist. A person has no owner to
   * write to (Zulip fails there), so the channel is required of them.
   */
  private async addressOf(sender: Actor, { stream }: WebhookTarget): Promise<MessageAddress | null> {
    // Each message's topic is filled in when it is sent.
    if (stream !== undefined) {
      if (!/^[0-9]+$/.test(stream)) return { kind: 'stream', channel: stream, topic: '' };
      const id = Number(stream);
      return id > MAX_CHANNEL_ID ? null : { kind: 'stream', channel: id, topic: '' };
    }
    const { botOwnerId } = await this.users.requireById(sender.id);
    if (botOwnerId === null) throw ApiError.missingArgument('stream');
    return { kind: 'private', to: [botOwnerId] };
  }

  /** The realm's users as a provider that names people matches them (by name, email, real email). */
  private async realmUsers(realmId: number): Promise<WebhookRealmUser[]> {
    const realm = await this.realms.requireById(realmId);
    const hostName = this.addressing.hostName(realm.stringId);
    const users = await this.users.listInRealm(realmId);
    return users.map((user) => ({
      id: user.id,
      fullName: user.fullName,
      email: apiEmail(user, hostName),
      deliveryEmail: user.deliveryEmail,
      isActive: user.isActive,
    }));
  }
}

/**
 * Zulip's `unquote_url_parameters`: `stream` and `topic` percent-decoded once more, for a
 * provider that encodes the URL it was given again (Jira). A sequence that is not an escape
 * stays as it is, as Python's `unquote` leaves it.
 */
function unquoted(target: WebhookTarget): WebhookTarget {
  return { stream: unquote(target.stream), topic: unquote(target.topic) };
}

function unquote(value: string | undefined): string | undefined {
  if (value === undefined) return undefined;
  return value.replace(/(?:%[0-9A-Fa-f]{2})+/g, (run) => {
    try {
      return decodeURIComponent(run);
    } catch {
      return Buffer.from(run.replace(/%/g, ''), 'hex').toString('utf8');
    }
  });
}
