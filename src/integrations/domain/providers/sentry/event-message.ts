/**
 * Sentry's event payloads (an alert rule's `data.event`, or a legacy webhook's `event`):
 * an exception with the line that raised it, or a captured message.
 */
import { MalformedWebhookPayload } from '../../integration';
import type { WildValue } from '../shared/wild-value';
import { SentryMessage, SentryUnsupported } from './sentry-message';

/** Sentry's `platform` to the code block's language, as Zulip highlights tracebacks. */
const SYNTAX_BY_PLATFORM: Readonly<Record<string, string>> = {
  go: 'go',
  java: 'java',
  javascript: 'javascript',
  node: 'javascript',
  python: 'python3',
  ruby: 'ruby',
};

/** Sentry's sample event still carries the old SDK version; it is let through. */
const SAMPLE_EVENT_TITLE = 'This is an example Python exception';

/** `2020-04-29T11:23:45.978469Z` written as `2020-04-29 11:23:45`, as Zulip 10.2 does. */
export function sentryTimestamp(isoDatetime: string): string {
  return isoDatetime.split('.')[0].replace('T', ' ');
}

/** Python's `int()` of the event's `version` ("7" or 7). */
function sdkVersion(event: WildValue): number {
  const version = event.at('version');
  const value = version.value;
  const text = typeof value === 'number' ? String(value) : typeof value === 'string' ? value.trim() : '';
  if (!/^[+-]?\d+$/.test(text)) throw new MalformedWebhookPayload(`${version.path} is not an integer`);
  return Number(text);
}

function tracebackLines(lines: WildValue): string {
  if (lines.isNull) return '';
  return lines
    .list()
    .map((line) => (line.value === '' ? '\n' : `     ${line.anythingText()}\n`))
    .join('');
}

/** The stack trace of the last exception value that has one. */
function lastStacktrace(exception: WildValue): WildValue | null {
  const values = exception.at('values').list();
  for (let index = values.length - 1; index >= 0; index -= 1) {
    if (values[index].has('stacktrace')) return values[index].at('stacktrace');
  }
  return null;
}

/** The innermost frame in the file Sentry blames, when it carries its source line. */
function blamedFrame(stacktrace: WildValue, filename: unknown): WildValue | null {
  const frames = stacktrace.at('frames').list();
  for (let index = frames.length - 1; index >= 0; index -= 1) {
    const frame = frames[index];
    if (frame.get('filename').value === filename) return frame.get('context_line').isNull ? null : frame;
  }
  return null;
}

function exceptionMessage(event: WildValue, header: string, platform: string | null): string {
  const filename = event.at('metadata').get('filename');
  const stacktrace = lastStacktrace(event.at('exception'));
  const summary = `${header}**filename:** ${filename.anythingText()}\n\`\`\`\n`;
  if (stacktrace !== null && stacktrace.truthy && filename.truthy) {
    const frame = blamedFrame(stacktrace, filename.value);
    if (frame !== null) {
      const syntax = platform === null ? '' : (SYNTAX_BY_PLATFORM[platform] ?? '');
      const contextLine = frame.at('context_line').string();
      const before = tracebackLines(frame.get('pre_context'));
      const after = tracebackLines(frame.get('post_context'));
      return `${summary}\nTraceback:\n\`\`\`${syntax}\n${before}---> ${contextLine}\n${after}\`\`\`\n`;
    }
  }
  return summary;
}

/** Zulip's `handle_event_payload`: the topic is the event's title. */
export function eventMessage(event: WildValue): SentryMessage | SentryUnsupported {
  const title = event.at('title').string();
  const platform = event.at('platform').noneOrString();
  // Zulip turns away the retired Raven Python SDK (event versions below 7).
  if (platform === 'python' && sdkVersion(event) < 7 && title !== SAMPLE_EVENT_TITLE) {
    return { unsupported: 'Raven SDK' };
  }
  const level = event.at('level').anythingText();
  const webLink = event.at('web_url').anythingText();
  const timestamp = sentryTimestamp(event.at('datetime').string());
  const header = `**level:** ${level}\n**timestamp:** ${timestamp}\n`;
  if (event.has('exception')) {
    const body = exceptionMessage(event, `\n**New exception:** [${title}](${webLink})\n\`\`\`quote\n${header}`, platform);
    return { topic: title, content: body };
  }
  if (event.has('logentry')) {
    return { topic: title, content: `\n**New message event:** [${title}](${webLink})\n\`\`\`quote\n${header}\`\`\`\n` };
  }
  return { unsupported: 'unknown-event type' };
}
