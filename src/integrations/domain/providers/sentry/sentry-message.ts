/** What each of Sentry's payload kinds turns into: a message, or an event Zulip does not support. */
export interface SentryMessage {
  readonly topic: string;
  readonly content: string;
}

export interface SentryUnsupported {
  /** The event name Zulip's `UnsupportedWebhookEventTypeError` reports. */
  readonly unsupported: string;
}
