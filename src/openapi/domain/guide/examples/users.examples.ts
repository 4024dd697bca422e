import type { OperationExamples } from '../example';
import { CORDELIA, IAGO, ok, sampleIago, sampleUser } from './samples';

const fullMembers = 7;

const designers = {
  id: 14,
  name: 'designers',
  description: 'Everyone who works on the visual identity.',
  creator_id: IAGO,
  date_created: 1764100000,
  members: [CORDELIA],
  direct_subgroup_ids: [],
  is_system_group: false,
  can_add_members_group: fullMembers,
  can_join_group: fullMembers,
  can_leave_group: fullMembers,
  can_manage_group: { direct_members: [CORDELIA], direct_subgroups: [] },
  can_mention_group: fullMembers,
  can_remove_members_group: { direct_members: [CORDELIA], direct_subgroups: [] },
  deactivated: false,
};

/** Users, presence, status, groups and API keys. */
export const USER_EXAMPLES: OperationExamples = {
  'GET /api/v1/users': {
    request: { client_gravatar: true, include_custom_profile_fields: false },
    response: { ...ok, members: [sampleIago, sampleUser] },
  },
  'GET /api/v1/users/{user_id}': {
    // An id or an email address, so a string.
    request: { user_id: String(CORDELIA), include_custom_profile_fields: true },
    response: { ...ok, user: { ...sampleUser, profile_data: { '3': { value: 'Designer', rendered_value: '<p>Designer</p>' } } } },
  },
  'GET /api/v1/users/me': {
    request: {},
    response: { ...ok, ...sampleIago, max_message_id: 4712 },
  },
  'POST /api/v1/users/me/presence': {
    request: { status: 'active', slim_presence: true, last_update_id: 120 },
    response: {
      ...ok,
      presences: { [String(CORDELIA)]: { active_timestamp: 1764412790, idle_timestamp: 1764412790 } },
      server_timestamp: 1764412801.25,
      presence_last_update_id: 124,
    },
  },
  'POST /api/v1/users/me/status': {
    request: { status_text: 'In a design review', emoji_name: 'art', away: false },
    response: ok,
  },
  'GET /api/v1/user_groups': {
    request: { include_deactivated_groups: false },
    response: { ...ok, user_groups: [designers] },
  },
  'POST /api/v1/user_groups/create': {
    request: { name: 'designers', description: 'Everyone who works on the visual identity.', members: [CORDELIA] },
    response: { ...ok, group_id: 14 },
  },
  'POST /api/v1/fetch_api_key': {
    request: { username: 'iago@example.com', password: 'correct horse battery staple' },
    response: { ...ok, api_key: 'gjA04ZYcqXKalvYMA8OeXSfzUOLrtbZv', email: 'iago@example.com', user_id: IAGO },
  },
  'POST /api/v1/users/me/muted_users/{muted_user_id}': {
    request: { muted_user_id: CORDELIA },
    response: ok,
  },
  'GET /api/v1/users/me/alert_words': { request: {}, response: { ...ok, alert_words: ['logo', 'style guide'] } },
  'POST /api/v1/users/me/alert_words': {
    request: { alert_words: ['mock-up'] },
    response: { ...ok, alert_words: ['logo', 'mock-up', 'style guide'] },
  },
};
