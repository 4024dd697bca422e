import { anyValue, arr, bool, int, literal, mapOf, nullable, obj, ref, str } from '../json-schema';
import { OperationTable, success, successEnvelope } from '../operation-doc';
import { binaryFile, DEFAULT_SETTING_PARAMS, REALM_SETTING_PARAMS } from './handler-read-params';

/**
 * Register state keys described here (the rest of the state stays open): each present when
 * its fetch type is asked for (`stop_words`, `realm_embedded_bots`,
 * `realm_incoming_webhook_bots`, `onboarding_steps`).
 */
const REGISTER_STATE = {
  stop_words: arr(str),
  realm_embedded_bots: arr(obj({ name: str, config: mapOf(str) })),
  realm_incoming_webhook_bots: arr(obj({
    name: str,
    display_name: str,
    all_event_types: nullable(arr(str)),
    config_options: arr(obj({ key: str, label: str, validator: str })),
  })),
  onboarding_steps: arr(obj({ type: literal('one_time_notice'), name: str })),
  navigation_tour_video_url: nullable(str),
};

/** The realm: settings, groups, emoji, linkifiers, profile fields, event queues, uploads. */
export const REALM_OPERATIONS: OperationTable = {
  'GET /api/v1/server_settings': success(
    'The server\'s and the addressed realm\'s public settings (no credentials).',
    {
      authentication_methods: mapOf(bool),
      external_authentication_methods: arr(anyValue),
      svc_feature_level: int,
      svc_version: str,
      svc_merge_base: str,
      zulip_feature_level: int,
      zulip_version: str,
      zulip_merge_base: str,
      push_notifications_enabled: bool,
      is_incompatible: bool,
      email_auth_enabled: bool,
      require_email_format_usernames: bool,
      realm_uri: str,
      realm_url: str,
      realm_name: str,
      realm_icon: str,
      realm_description: str,
      realm_web_public_access_enabled: bool,
    },
    // Zulip's own names, unless ZULIP_CLIENT_COMPAT is false.
    { optional: ['zulip_feature_level', 'zulip_version', 'zulip_merge_base'] },
  ),
  'PATCH /api/v1/realm': { ...success('Change organization settings (administrators).', {}, { open: true }), form: REALM_SETTING_PARAMS },
  'PATCH /api/v1/realm/user_settings_defaults': {
    ...success('Change the defaults of new users\' settings (administrators).'),
    form: DEFAULT_SETTING_PARAMS,
  },
  'POST /api/v1/register': success(
    'Create an event queue and fetch the initial state it starts from. Without credentials, where the realm allows ' +
      'spectators, the state of its web-public part alone: `queue_id` null and no `last_event_id`.',
    {
      queue_id: nullable(str),
      last_event_id: int,
      svc_feature_level: int,
      svc_version: str,
      svc_merge_base: str,
      ...REGISTER_STATE,
    },
    // The state's keys follow `fetch_event_types`: each is described by Zulip's register.
    { open: true, optional: ['last_event_id', ...Object.keys(REGISTER_STATE)] },
  ),
  'GET /api/v1/events': success('Long-poll a queue for events after `last_event_id`.', {
    events: arr({ type: 'object', properties: { id: int, type: str }, required: ['id', 'type'] }),
    queue_id: str,
  }),
  'DELETE /api/v1/events': success('Delete an event queue.'),
  'GET /api/v1/user_groups': success('The realm\'s user groups.', { user_groups: arr(ref('UserGroup')) }),
  'POST /api/v1/user_groups/create': success('Create a user group.', { group_id: int }),
  'PATCH /api/v1/user_groups/{user_group_id}': success('Change a user group\'s name, description or permissions.'),
  'POST /api/v1/user_groups/{user_group_id}/members': success('Add or remove a group\'s members.'),
  'POST /api/v1/user_groups/{user_group_id}/subgroups': success('Add or remove a group\'s subgroups.'),
  'POST /api/v1/user_groups/{user_group_id}/deactivate': success('Deactivate a user group.'),
  'GET /api/v1/user_groups/{user_group_id}/members': success('A group\'s members (direct, or all with `direct_member_only` false).', { members: arr(int) }),
  'GET /api/v1/user_groups/{user_group_id}/members/{user_id}': success('Whether a user is a member of a group.', { is_user_group_member: bool }),
  'GET /api/v1/user_groups/{user_group_id}/subgroups': success('A group\'s subgroups.', { subgroups: arr(int) }),
  'POST /api/v1/realm/deactivate': success(
    'Deactivate the organization (owners): no one can sign in or use the API there afterwards, its owners are told by mail; `deletion_delay_days` (at least 14, or null) schedules the deletion of its data.',
  ),
  'GET /api/v1/realm/emoji': success('The realm\'s custom emoji, by id.', { emoji: mapOf(ref('RealmEmoji')) }),
  'POST /api/v1/realm/emoji/{emoji_name}': { ...success('Upload a custom emoji (the request\'s one file, multipart).'), form: { file: binaryFile } },
  'DELETE /api/v1/realm/emoji/{emoji_name}': success('Deactivate a custom emoji.'),
  'GET /api/v1/realm/linkifiers': success('The realm\'s linkifiers, in order.', { linkifiers: arr(ref('Linkifier')) }),
  'PATCH /api/v1/realm/linkifiers': success('Reorder the linkifiers.'),
  'POST /api/v1/realm/filters': success('Add a linkifier.', { id: int }),
  'PATCH /api/v1/realm/filters/{filter_id}': success('Change a linkifier.'),
  'DELETE /api/v1/realm/filters/{filter_id}': success('Remove a linkifier.'),
  'GET /api/v1/realm/profile_fields': success('The realm\'s custom profile fields.', { custom_fields: arr(ref('ProfileField')) }),
  'POST /api/v1/realm/profile_fields': success('Create a custom profile field.', { id: int }),
  'PATCH /api/v1/realm/profile_fields': success('Reorder the custom profile fields.'),
  'PATCH /api/v1/realm/profile_fields/{field_id}': success('Change a custom profile field.'),
  'DELETE /api/v1/realm/profile_fields/{field_id}': success('Delete a custom profile field.'),
  'POST /api/v1/user_uploads': {
    ...success('Upload a file (multipart); link it in a message to share it.', { uri: str, url: str, filename: str }),
    form: { file: binaryFile },
  },
  'GET /api/v1/attachments': success('The files one uploaded, and the space they use.', { attachments: arr(ref('Attachment')), upload_space_used: int }),
  'DELETE /api/v1/attachments/{attachment_id}': success('Delete an uploaded file.'),
  'GET /api/v1/user_uploads/{wildcard_path}': {
    summary: 'A link to an uploaded file that works without credentials for a minute.',
    responses: {
      '200': { description: 'Success.', schema: successEnvelope({ url: str }) },
      // Zulip answers these with small pages, not the envelope.
      '403': { description: 'Not allowed to read the file.', contentType: 'text/html' },
      '404': { description: 'No such file.', contentType: 'text/html' },
    },
  },
};

