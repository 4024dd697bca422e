/**
 * Links into the web app's narrows as Zulip builds them (zerver/lib/url_encoding.py), for
 * markdown channel links, move notices and webhook owner notices alike.
 */

/** Zulip's `encode_hash_component`: Python's quote(safe="") with `.` for `%` (and `.` as `.2E`). */
export function encodeHashComponent(text: string): string {
  return encodeURIComponent(text)
    .replace(/[!'()*]/g, (char) => `%${(char.codePointAt(0) as number).toString(16).toUpperCase()}`)
    .replace(/\./g, '%2E')
    .replace(/%/g, '.');
}

/** Zulip's `encode_channel`: `<id>-<name with dashes for spaces>`, hash-encoded. */
export function encodeChannel(streamId: number, name: string): string {
  return `${streamId}-${encodeHashComponent(name.replace(/ /g, '-'))}`;
}

/** Zulip's `stream_message_url`: a channel message in its topic. */
export function messageUrl(realmUrl: string, message: { id: number; streamId: number; streamName: string; topic: string }): string {
  return [realmUrl, '#narrow', 'channel', encodeChannel(message.streamId, message.streamName), 'topic', encodeHashComponent(message.topic), 'near', String(message.id)].join('/');
}
