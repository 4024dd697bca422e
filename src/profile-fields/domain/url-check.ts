/**
 * Django's `URLValidator`, closely enough for profile fields: an http(s)/ftp(s) URL with a
 * host name that has a top-level domain, `localhost`, or an IP address, an optional port,
 * optional user info, and no whitespace anywhere.
 */
const HOST_LABEL = '[a-z0-9\\u00a1-\\uffff](?:[a-z0-9\\u00a1-\\uffff-]{0,61}[a-z0-9\\u00a1-\\uffff])?';
const DOMAIN = `(?:${HOST_LABEL})(?:\\.(?!-)[a-z0-9\\u00a1-\\uffff-]{1,63}(?<!-))*`;
const TLD = '\\.(?!-)(?:[a-z\\u00a1-\\uffff-]{2,63}|xn--[a-z0-9]{1,59})(?<!-)\\.?';
const IPV4 = '(?:25[0-5]|2[0-4]\\d|1\\d\\d|[1-9]?\\d)(?:\\.(?:25[0-5]|2[0-4]\\d|1\\d\\d|[1-9]?\\d)){3}';
const IPV6 = '\\[[0-9a-f:.]+\\]';
const URL_PATTERN = new RegExp(
  `^(?:https?|ftps?)://(?:[^\\s:@/]+(?::[^\\s:@/]*)?@)?(?:${IPV4}|${IPV6}|${DOMAIN}${TLD}|localhost)(?::\\d{1,5})?(?:[/?#][^\\s]*)?$`,
  'iu',
);

export function isUrl(value: string): boolean {
  return value.length <= 2048 && URL_PATTERN.test(value);
}
