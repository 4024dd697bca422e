import { MalformedWebhookPayload } from '../../integration';

/**
 * A boolean URL parameter Zulip reads as `Json[bool]` (`ignore_private_repositories`,
 * `use_merge_request_title`): `true`/`false` (and JSON's 0/1), else a 400 in Zulip's words.
 */
export function jsonBoolParam(params: Readonly<Record<string, string | undefined>>, name: string, fallback: boolean): boolean {
  const raw = params[name];
  if (raw === undefined) return fallback;
  let parsed: unknown;
  try {
    parsed = JSON.parse(raw);
  } catch {
    throw new MalformedWebhookPayload(`${name} is not valid JSON`);
  }
  if (typeof parsed === 'boolean') return parsed;
  if (parsed === 0 || parsed === 1) return parsed === 1;
  throw new MalformedWebhookPayload(`${name} is not a boolean`);
}
