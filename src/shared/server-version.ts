/** The API feature level we implement (Zulip 10.2's). */
export const FEATURE_LEVEL = 372;
/** Zulip-style version string: clients parse the leading "major.minor" for compatibility. */
export const SERVER_VERSION = '10.2-team-chat-0.1.0';
export const MERGE_BASE = '';

/**
 * `svc_feature_level`, `svc_version`, `svc_merge_base`, plus Zulip's own names for the same
 * values when the client-compatibility switch is on (the Python bindings refuse to start
 * without `zulip_version`).
 */
export function versionFields(zulipClientCompat: boolean): Record<string, string | number> {
  const fields: Record<string, string | number> = {
    svc_feature_level: FEATURE_LEVEL,
    svc_version: SERVER_VERSION,
    svc_merge_base: MERGE_BASE,
  };
  if (zulipClientCompat) {
    fields.zulip_feature_level = FEATURE_LEVEL;
    fields.zulip_version = SERVER_VERSION;
    fields.zulip_merge_base = MERGE_BASE;
  }
  return fields;
}

/**
 * How this server names itself to services it calls (the push notification service's
 * `User-Agent` and `version`): its own name and version, never Zulip's.
 */
export const SERVER_PRODUCT = 'team-chat-server/0.1.0';
