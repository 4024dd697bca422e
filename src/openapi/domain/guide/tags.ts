/**
 * The topics the reference groups operations under, in the order the browsing page shows
 * them: Zulip's own grouping (its API documentation's tags, as in the reference OpenAPI
 * document under shared/reference) for the API, then this server's pages and service routes.
 */
export const TAGS = [
  {
    name: 'messages',
    description:
      'Sending, fetching, editing and deleting messages; emoji reactions, read and starred flags, typing ' +
      'notifications, widgets, and uploading the files messages link to.',
  },
  {
    name: 'drafts',
    description: 'Drafts kept on the server for the user, and saved snippets (reusable message texts).',
  },
  {
    name: 'scheduled_messages',
    description: 'Messages the server sends later, at a time the user chose.',
  },
  {
    name: 'channels',
    description:
      'Channels (Zulip\'s streams): finding and changing them, subscribing and unsubscribing users, per-subscription ' +
      'settings, topics and their visibility, and the default channels new users join.',
  },
  {
    name: 'users',
    description:
      'People and bots: profiles, roles, presence, status, personal settings, muting, alert words, user groups, ' +
      'avatars and the data bots store.',
  },
  {
    name: 'real_time_events',
    description:
      'Registering an event queue with the initial state, then long-polling it for every change; how a client ' +
      'stays up to date.',
  },
  {
    name: 'server_and_organizations',
    description:
      'The server\'s public settings and the organization\'s configuration: settings, custom emoji, linkifiers, ' +
      'code playgrounds, custom profile fields, allowed domains, data exports and calls.',
  },
  {
    name: 'invites',
    description: 'Email invitations and reusable invitation links.',
  },
  {
    name: 'authentication',
    description: 'Getting an API key for a password, and replacing it.',
  },
  {
    name: 'mobile',
    description: 'Registering mobile devices for push notifications.',
  },
  {
    name: 'pages_and_files',
    description:
      'Routes outside the JSON API: the server\'s HTML pages (sign-up, password reset, invitations, unsubscribing) ' +
      'and the files it serves (uploads, avatars, proxied images, exports).',
  },
  {
    name: 'service',
    description: 'Health checks for the operators, and this reference itself.',
  },
] as const;

export type TagName = (typeof TAGS)[number]['name'];

export const TAG_NAMES: readonly TagName[] = TAGS.map((tag) => tag.name);

/** What the reference says of an operation beyond its summary: its topic and a paragraph on what it does. */
export interface OperationGuide {
  tag: TagName;
  description: string;
}

/** Guides keyed `METHOD /path/{template}`, like the operation table. */
export type OperationGuides = Record<string, OperationGuide>;

/** A guide entry; `parts` are joined with spaces, so a paragraph can be written in sentences. */
export function guide(tag: TagName, ...parts: string[]): OperationGuide {
  return { tag, description: parts.join(' ') };
}
