import type { OperationExamples } from '../example';
import { CORDELIA, IAGO, ok, sampleMessageFields } from './samples';

const queueId = '1764412800:417';

/** Real-time events, the server's settings and invitations. */
export const ORGANIZATION_EXAMPLES: OperationExamples = {
  'POST /api/v1/register': {
    request: {
      event_types: ['message', 'alert_words', 'muted_users'],
      fetch_event_types: ['message', 'alert_words', 'muted_users'],
      apply_markdown: true,
      client_gravatar: true,
      client_capabilities: { notification_settings_null: true, user_avatar_url_field_optional: true },
    },
    response: {
      ...ok,
      queue_id: queueId,
      last_event_id: -1,
      svc_feature_level: 372,
      svc_version: '10.2-team-chat-0.1.0',
      svc_merge_base: '',
      max_message_id: 4712,
      alert_words: ['logo'],
      muted_users: [],
    },
  },
  'GET /api/v1/events': {
    request: { queue_id: queueId, last_event_id: -1 },
    response: {
      ...ok,
      queue_id: queueId,
      events: [
        { id: 0, type: 'message', message: { ...sampleMessageFields, id: 4713, content: '<p>Could you look at the <span class="alert-word">logo</span> today?</p>' }, flags: ['has_alert_word'] },
        { id: 1, type: 'typing', op: 'start', message_type: 'direct', sender: { user_id: CORDELIA, email: 'cordelia@example.com' }, recipients: [{ user_id: IAGO, email: 'iago@example.com' }, { user_id: CORDELIA, email: 'cordelia@example.com' }] },
      ],
    },
  },
  'DELETE /api/v1/events': { request: { queue_id: queueId }, response: ok },
  'GET /api/v1/server_settings': {
    request: {},
    response: {
      ...ok,
      authentication_methods: { password: true, dev: false, email: true, ldap: false, remoteuser: false, github: false, azuread: false, gitlab: false, apple: false, google: false, saml: false, 'openid connect': false },
      external_authentication_methods: [],
      svc_feature_level: 372,
      svc_version: '10.2-team-chat-0.1.0',
      svc_merge_base: '',
      push_notifications_enabled: false,
      is_incompatible: false,
      email_auth_enabled: true,
      require_email_format_usernames: true,
      realm_uri: 'https://example.chat.test',
      realm_url: 'https://example.chat.test',
      realm_name: 'Example Co',
      realm_icon: '/static/images/logo/zulip-icon-128x128.png',
      realm_description: '<p>Where Example Co talks.</p>',
      realm_web_public_access_enabled: false,
    },
  },
  'POST /api/v1/invites': {
    request: { invitee_emails: 'goneril@example.com, regan@example.com', invite_expires_in_minutes: 10080, invite_as: 400, stream_ids: [12] },
    response: ok,
  },
  'POST /api/v1/invites/multiuse': {
    request: { invite_expires_in_minutes: 1440, invite_as: 400, stream_ids: [12], include_realm_default_subscriptions: true },
    response: { ...ok, invite_link: 'https://example.chat.test/join/yb4ygfs5nrgxpdkcxm4hoq7t/' },
  },
  'GET /api/v1/realm/emoji': {
    request: {},
    response: {
      ...ok,
      emoji: {
        '1': { id: '1', name: 'shipit', source_url: '/user_avatars/2/emoji/images/1.png', still_url: null, deactivated: false, author_id: IAGO },
      },
    },
  },
};
