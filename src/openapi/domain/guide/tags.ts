/**
 * The topics the reference groups operations under, in the order the browsing page shows
 * them: Zulip's own grouping (the tags of Zulip 10.2's own OpenAPI
 * document) for the API, then this server's pages and service routes.
 */
export const TAGS = [
  {
    key: 'messages',
    name: 'Messages',
    description:
      'Sending, fetching, editing and deleting messages; emoji reactions, read and starred flags, typing ' +
      'notifications, widgets, and uploading the files messages link to.',
  },
  {
    key: 'drafts',
    name: 'Drafts and snippets',
    description: 'Drafts kept on the server for the user, and saved snippets (reusable message texts).',
  },
  {
    key: 'scheduled_messages',
    name: 'Scheduled messages',
    description: 'Messages the server sends later, at a time the user chose.',
  },
  {
    key: 'channels',
    name: 'Channels',
    description:
      'Channels (Zulip\'s streams): finding and changing them, subscribing and unsubscribing users, per-subscription ' +
      'settings, topics and their visibility, and the default channels new users join.',
  },
  {
    key: 'users',
    name: 'Users',
    description:
      'People and bots: profiles, roles, presence, status, personal settings, muting, alert words, user groups, ' +
      'avatars and the data bots store.',
  },
  {
    key: 'real_time_events',
    name: 'Real-time events',
    description:
      'Registering an event queue with the initial state, then long-polling it for every change; how a client ' +
      'stays up to date.',
  },
  {
    key: 'server_and_organizations',
    name: 'Server and organization',
    description:
      'The server\'s public settings and the organization\'s configuration: settings, custom emoji, linkifiers, ' +
      'code playgrounds, custom profile fields, allowed domains, data exports and calls.',
  },
  {
    key: 'invites',
    name: 'Invitations',
    description: 'Email invitations and reusable invitation links.',
  },
  {
    key: 'authentication',
    name: 'Authentication',
    description: 'Getting an API key for a password, and replacing it.',
  },
  {
    key: 'mobile',
    name: 'Mobile devices',
    description: 'Registering mobile devices for push notifications.',
  },
  {
    key: 'pages_and_files',
    name: 'Pages and files',
    description:
      'Routes outside the JSON API: the server\'s HTML pages (sign-up, password reset, invitations, unsubscribing) ' +
      'and the files it serves (uploads, avatars, proxied images, exports).',
  },
  {
    key: 'service',
    name: 'Service',
    description: 'Health checks for the operators, and this reference itself.',
  },
] as const;

/** A topic as the tables name it; the document shows its `name`. */
export type TagName = (typeof TAGS)[number]['key'];

/** The name the document and the browsing page show for a topic. */
export function tagName(key: TagName): string {
  return TAGS.find((tag) => tag.key === key)?.name ?? key;
}

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
