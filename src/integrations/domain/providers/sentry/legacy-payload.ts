/**
 * The two payloads that come without `data`: Sentry's plain webhook (a legacy integration
 * whose `event` lacks the link and time the internal integration sends, which are derived
 * here) and the older plugin's exception notice.
 */
import { MalformedWebhookPayload } from '../../integration';
import type { WildValue } from '../shared/wild-value';
import { SentryMessage } from './sentry-message';

/** Python's `round()` of a non-negative number: halves go to the even neighbour. */
function roundHalfEven(value: number): number {
  const floor = Math.floor(value);
  const fraction = value - floor;
  if (fraction > 0.5) return floor + 1;
  if (fraction < 0.5) return floor;
  return floor % 2 === 0 ? floor : floor + 1;
}

/** A Unix time in seconds as `datetime.fromtimestamp(t, utc).isoformat()` writes it. */
export function isoFromUnixSeconds(seconds: number, path = "payload['event']['timestamp']"): string {
  let whole = Math.floor(seconds);
  let micros = roundHalfEven((seconds - whole) * 1e6);
  if (micros >= 1_000_000) {
    whole += 1;
    micros -= 1_000_000;
  }
  const date = new Date(whole * 1000);
  const year = date.getUTCFullYear();
  if (!Number.isFinite(whole) || Number.isNaN(date.getTime()) || year < 1 || year > 9999) {
    throw new MalformedWebhookPayload(`${path} is out of range`);
  }
  const pad = (value: number, width = 2): string => String(value).padStart(width, '0');
  return (
    `${pad(year, 4)}-${pad(date.getUTCMonth() + 1)}-${pad(date.getUTCDate())}T` +
    `${pad(date.getUTCHours())}:${pad(date.getUTCMinutes())}:${pad(date.getUTCSeconds())}.${pad(micros, 6)}+00:00`
  );
}

/** Python's `urljoin` of a base URL and a relative path. */
function joinUrl(base: string, relative: string): string {
  try {
    return new URL(relative, base).toString();
  } catch {
    return `${base.slice(0, base.lastIndexOf('/') + 1)}${relative}`;
  }
}

function unixSeconds(time: WildValue): number {
  const value = time.value;
  if (typeof value !== 'number' || !Number.isFinite(value)) {
    throw new MalformedWebhookPayload(`${time.path} is not a number`);
  }
  return value;
}

/**
 * Zulip's `transform_webhook_payload`: a plain webhook's `event`, given the `web_url` and
 * `datetime` an alert rule's event has, or null when it has no `event_id` (the old plugin).
 */
export function eventFromPlainWebhook(payload: WildValue): WildValue | null {
  const event = payload.get('event', {});
  const eventId = event.get('event_id');
  if (!eventId.truthy) return null;
  const webUrl = joinUrl(payload.at('url').string(), `events/${eventId.anythingText()}/`);
  // Zulip reads `received` even when `timestamp` is there.
  const received = event.at('received');
  const time = event.has('timestamp') ? event.at('timestamp') : received;
  return event.withFields({ web_url: webUrl, datetime: isoFromUnixSeconds(unixSeconds(time), time.path) });
}

/** Zulip's `handle_deprecated_payload`: the old plugin's notice, under the project's name. */
export function deprecatedExceptionMessage(payload: WildValue): SentryMessage {
  const level = payload.at('level').string().toUpperCase();
  const url = payload.get('url').anythingText();
  const message = payload.get('message').anythingText();
  return {
    topic: payload.get('project_name').anythingText(),
    content: `\nNew [issue](${url}) (level: ${level}):\n\n\`\`\` quote\n${message}\n\`\`\`\n`,
  };
}
