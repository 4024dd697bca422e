/**
 * An incoming-webhook integration (`POST /api/v1/external/<name>`), as Zulip's
 * `WebhookIntegration`: a provider's payload in, the messages Zulip 10.2 would post out.
 * Each provider's formatting is a module of pure functions under `providers/<name>/`; the
 * endpoint (authentication, the `stream`/`topic` parameters, `only_events`/`exclude_events`,
 * sending) is the framework's and knows no provider.
 */

/** What the endpoint hands a provider: the request, decoded, and nothing else. */
export interface IncomingWebhookCall {
  /** The JSON body (or, for form posts, the form's fields as an object of strings). */
  readonly body: unknown;
  /**
   * The body's text as it arrived (UTF-8), for a provider that must read it verbatim (the
   * JSON formatter keeps Python's key order and number spellings); absent when a caller has
   * only the decoded body (unit specs).
   */
  readonly rawBody?: string;
  /** Request headers, names lower-cased. */
  readonly headers: Readonly<Record<string, string | undefined>>;
  /**
   * The URL's query parameters (`topic`, `branches`, `only_events`, ...), decoded; the
   * framework has already applied `stream`, `api_key` and the event filters.
   */
  readonly params: Readonly<Record<string, string | undefined>>;
  /**
   * The realm's users, handed only to an integration that sets `needsRealmUsers` (Jira
   * names a payload's people by email or Jira user name, which Zulip matches against the
   * realm). Absent, the provider writes what Zulip writes when no user matches.
   */
  readonly realmUsers?: readonly WebhookRealmUser[];
}

/** A user of the realm the webhook posts to, as a provider matches names and emails to. */
export interface WebhookRealmUser {
  readonly id: number;
  readonly fullName: string;
  /** The address other users see (Zulip's `email`, a placeholder when it is hidden). */
  readonly email: string;
  /** The real address (Zulip's `delivery_email`). */
  readonly deliveryEmail: string;
  readonly isActive: boolean;
}

/** One message to post: `topic` is the provider's; a `topic` URL parameter overrides it. */
export interface WebhookMessage {
  readonly topic: string;
  readonly content: string;
  /**
   * This message's own event type, when one payload's messages differ in type (a Grafana
   * notification with firing and resolved alerts): Zulip's views send each under its own
   * type, and the URL's filters judge each. Absent: the outcome's `eventType`.
   */
  readonly eventType?: string | null;
}

export type IncomingWebhookOutcome =
  /**
   * Messages to post, for the event named `eventType` (Zulip's `complete_event_type`,
   * matched against `only_events`/`exclude_events`; null when the provider has none).
   */
  | { readonly kind: 'messages'; readonly eventType: string | null; readonly messages: readonly WebhookMessage[] }
  /** Zulip's `UnsupportedWebhookEventTypeError`: HTTP 200, `result: error`, `UNSUPPORTED_WEBHOOK_EVENT_TYPE`. */
  | { readonly kind: 'unsupported'; readonly eventType: string }
  /** Accepted and deliberately not posted (a branch filter, a ping, a private repository...). */
  | { readonly kind: 'ignored' };

/**
 * Thrown by a provider for a payload it cannot read (a missing field, a wrong type):
 * answered 400 with the message, as Zulip's `ValidationError`/`JsonableError` are.
 */
export class MalformedWebhookPayload extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'MalformedWebhookPayload';
  }
}

/**
 * Thrown by a provider whose event type is a request header, when the header is absent:
 * answered 400 with code `MISSING_HTTP_EVENT_HEADER` and the header's name in `header`, as
 * Zulip's `MissingHTTPEventHeaderError`. A kind of unreadable payload, so a caller that only
 * knows `MalformedWebhookPayload` still reads it as one.
 */
export class MissingWebhookEventHeader extends MalformedWebhookPayload {
  /** `header`: the header's name as the service spells it (`X-GitHub-Event`). */
  constructor(readonly header: string) {
    super(`Missing the HTTP event header '${header}'`);
    this.name = 'MissingWebhookEventHeader';
  }
}

/** A configuration option an integration's URL takes (register's `config_options`). */
export interface IntegrationConfigOption {
  readonly key: string;
  readonly label: string;
  /** The name of Zulip's validator, as register sends it (`check_bool`, ...). */
  readonly validator: string;
}

export interface IncomingWebhookIntegration {
  /** The URL's `<name>`, and register's `name`. */
  readonly name: string;
  readonly displayName: string;
  /**
   * The name Zulip's `webhook_view` gives it (`GitHub`, `AlertManager`, `SlackIncoming`):
   * the sent messages' client is `Zulip<webhookName>Webhook`, and the unsupported-event
   * answer names it. `displayName` when absent.
   */
  readonly webhookName?: string;
  /** Every event type `only_events`/`exclude_events` can name, or null when it has none. */
  readonly allEventTypes: readonly string[] | null;
  readonly configOptions: readonly IntegrationConfigOption[];
  /**
   * Whether the body is a form (`application/x-www-form-urlencoded`, as Slack's `payload=`)
   * rather than JSON; false when absent.
   */
  readonly acceptsForm?: boolean;
  /** Fields a success answer carries beside Zulip's envelope (Slack's `ok: true`). */
  readonly successFields?: Readonly<Record<string, unknown>>;
  /** Whether `IncomingWebhookCall.realmUsers` must be filled for this integration; false when absent. */
  readonly needsRealmUsers?: boolean;
  /**
   * Whether the `stream` and `topic` URL parameters are percent-decoded once more (Zulip's
   * `unquote_url_parameters`, for providers such as Jira that encode the URL they are given
   * again); false when absent.
   */
  readonly unquotesUrlParameters?: boolean;
  /**
   * Pure: no I/O, no clock. Throws `MalformedWebhookPayload` for a payload it cannot read,
   * `MissingWebhookEventHeader` when the header naming its event is absent.
   */
  handle(call: IncomingWebhookCall): IncomingWebhookOutcome;
}
