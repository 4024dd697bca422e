import { useEffect, useMemo } from 'react';
import { selectChannelTopics, selectSidebarChannels } from '../store/selectors';
import type { ClientState, UserEntry } from '../store/state';
import { useSelector } from '../store/use-store';
import { channelLinkSyntax, groupMentionSyntax, mentionSyntax, rankByName, type Trigger } from './autocomplete';
import { emojiGlyph, searchEmoji } from './emoji-data';
import { useActions } from './services';
import type { Suggestion } from './use-typeahead';
import { useEmojiChoices } from './use-emoji';

/** How many suggestions a list shows, as Zulip's typeahead (MAX_ITEMS). */
export const MAX_SUGGESTIONS = 8;

/** Zulip's wildcard mentions: every one in a channel message, `all`/`everyone` in a DM. */
const CHANNEL_WILDCARDS = [
  { name: 'all', detail: 'Notify channel' },
  { name: 'everyone', detail: 'Notify channel' },
  { name: 'channel', detail: 'Notify channel' },
  { name: 'topic', detail: 'Notify topic' },
];
const DM_WILDCARDS = [
  { name: 'all', detail: 'Notify recipients' },
  { name: 'everyone', detail: 'Notify recipients' },
];

const selectUsers = (state: ClientState) => state.users;
const selectGroups = (state: ClientState) => state.groups;

function mentionSuggestions(users: readonly UserEntry[], me: number, groups: ClientState['groups'], query: string, silent: boolean, inChannel: boolean): Suggestion<string>[] {
  const names = new Map<string, number>();
  for (const user of users) names.set(user.fullName, (names.get(user.fullName) ?? 0) + 1);
  const wildcards = silent ? [] : rankByName(inChannel ? CHANNEL_WILDCARDS : DM_WILDCARDS, query, (wildcard) => [wildcard.name], MAX_SUGGESTIONS);
  // The person themself last among equals, as in Zulip's typeahead.
  const ordered = [...users.filter((user) => user.id !== me), ...users.filter((user) => user.id === me)];
  const people = rankByName(ordered, query, (user) => [user.fullName, user.email], MAX_SUGGESTIONS);
  const named = rankByName(Object.values(groups).filter((group) => !group.isSystem), query, (group) => [group.name], MAX_SUGGESTIONS);
  return [
    ...people.map((user) => ({
      key: `user:${user.id}`,
      label: user.fullName,
      detail: user.email,
      avatar: { userId: user.id, name: user.fullName, url: user.avatarUrl },
      value: mentionSyntax(user.fullName, { silent, userId: user.id, ambiguous: (names.get(user.fullName) ?? 0) > 1 }),
    })),
    ...named.map((group) => ({ key: `group:${group.id}`, label: group.name, detail: group.description || 'User group', glyph: '👥', value: groupMentionSyntax(group.name, silent) })),
    ...wildcards.map((wildcard) => ({ key: `wildcard:${wildcard.name}`, label: wildcard.name, detail: wildcard.detail, glyph: '@', value: mentionSyntax(wildcard.name, { silent: false }) })),
  ].slice(0, MAX_SUGGESTIONS);
}

/** A channel's topics matching `query`, newest first (fetched when first asked for). */
export function useTopicSuggestions(channelId: number | null, query: string | null): { name: string }[] {
  const actions = useActions();
  const topics = useSelector((state) => (channelId === null ? null : state.topics[channelId]));
  useEffect(() => {
    if (channelId !== null && query !== null && topics === undefined) void actions.loadTopics(channelId);
  }, [actions, channelId, query, topics]);
  const listed = useSelector((state) => (channelId === null || query === null ? null : selectChannelTopics(state, channelId)));
  return useMemo(() => (listed === null || query === null ? [] : rankByName(listed, query, (topic) => [topic.name], MAX_SUGGESTIONS)), [listed, query]);
}

/** The suggestions for what is being typed in the message (`trigger`), each value the Markdown that replaces it. */
export function useMessageCompletions(trigger: Trigger | null, inChannel: boolean): Suggestion<string>[] {
  const users = useSelector(selectUsers);
  const me = useSelector((state) => state.session?.userId ?? -1);
  const groups = useSelector(selectGroups);
  const channels = useSelector(selectSidebarChannels);
  const topicChannel = trigger?.kind === 'topic' ? channels.find((channel) => channel.name.toLowerCase() === trigger.channel.toLowerCase()) ?? null : null;
  const topics = useTopicSuggestions(topicChannel?.id ?? null, trigger?.kind === 'topic' ? trigger.query : null);
  const { choices } = useEmojiChoices(trigger?.kind === 'emoji');
  return useMemo(() => {
    if (trigger === null) return [];
    switch (trigger.kind) {
      case 'mention':
        return mentionSuggestions(Object.values(users), me, groups, trigger.query, trigger.silent, inChannel);
      case 'channel':
        return rankByName(channels, trigger.query, (channel) => [channel.name], MAX_SUGGESTIONS).map((channel) => ({
          key: `channel:${channel.id}`,
          label: channel.name,
          detail: channel.description || undefined,
          glyph: channel.inviteOnly ? '🔒' : '#',
          value: channelLinkSyntax(channel.name),
        }));
      case 'topic':
        return topicChannel === null ? [] : topics.map((topic) => ({ key: `topic:${topic.name}`, label: topic.name, detail: `#${topicChannel.name}`, glyph: '›', value: channelLinkSyntax(topicChannel.name, topic.name) }));
      case 'emoji':
        return searchEmoji(choices ?? [], trigger.query, MAX_SUGGESTIONS).map((emoji) => ({
          key: `emoji:${emoji.reaction_type}:${emoji.emoji_code}`,
          label: emoji.emoji_name,
          glyph: emoji.url === undefined ? emojiGlyph(emoji.emoji_code) : undefined,
          imageUrl: emoji.url,
          value: `:${emoji.emoji_name}:`,
        }));
    }
  }, [trigger, users, me, groups, channels, topicChannel, topics, choices, inChannel]);
}
