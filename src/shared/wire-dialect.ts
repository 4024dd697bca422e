/**
 * The two spellings of the API's values (docs/zulip-differences.md, "Renamed names"). The
 * spec names the special emoji set `svc_extra_emoji`; Zulip's clients decode
 * `reaction_type` against Zulip's own enum, where it is `zulip_extra_emoji`, and Zulip's
 * mobile app fails a whole response or event on a value it does not know. A request or
 * event queue of one of Zulip's own clients (by its `client` name, which Zulip parses from
 * the User-Agent: `ZulipFlutter/0.0.30 (Android 14)` is `ZulipFlutter`) gets Zulip's
 * spelling; every other client, the spec's. The list is Zulip's published clients: the
 * mobile apps (`ZulipFlutter`, and `ZulipMobile` before it), the desktop app, the Python
 * bindings and the terminal client.
 */
export type WireDialect = 'spec' | 'zulip';

const ZULIP_CLIENTS: ReadonlySet<string> = new Set(['zulipflutter', 'zulipmobile', 'zulipelectron', 'zulipdesktop', 'zulippython', 'zulipterminal']);

/** The dialect of a client, by the `client` name its request or event queue carries. */
export function dialectOfClient(clientName: string): WireDialect {
  return ZULIP_CLIENTS.has(clientName.toLowerCase()) ? 'zulip' : 'spec';
}

/**
 * The pair as JSON.stringify writes it. Matching the key with the value keeps text that
 * merely mentions the name (a topic, a message's content) as it is: inside a JSON string
 * its quotes are escaped.
 */
const SPEC_PAIR = '"reaction_type":"svc_extra_emoji"';
const ZULIP_PAIR = '"reaction_type":"zulip_extra_emoji"';

/** Whether JSON text holds a value that Zulip's clients spell differently. */
export function hasSpecOnlyValues(json: string): boolean {
  return json.includes(SPEC_PAIR);
}

/** JSON text as the API's JSON, with the spec's values spelled as Zulip's. */
export function inZulipSpelling(json: string): string {
  return hasSpecOnlyValues(json) ? json.replaceAll(SPEC_PAIR, ZULIP_PAIR) : json;
}
