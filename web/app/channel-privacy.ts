import type { WireChannel } from '../api/types';

/** Zulip's four channel privacy choices, from most open to most closed. */
export type ChannelPrivacy = 'web-public' | 'public' | 'private-shared' | 'private-protected';

export const PRIVACY_LABELS: Record<ChannelPrivacy, string> = {
  'web-public': 'Web-public',
  public: 'Public',
  'private-shared': 'Private, shared history',
  'private-protected': 'Private, protected history',
};

/** What each choice means, shown under the menu. */
export const PRIVACY_NOTES: Record<ChannelPrivacy, string> = {
  'web-public': 'Anyone on the internet can view its messages; members can join.',
  public: 'Members can join and read the whole history; guests only when subscribed.',
  'private-shared': 'Only subscribers, added by someone allowed to; they can read the whole history.',
  'private-protected': 'Only subscribers, added by someone allowed to; they read only what was sent after they joined.',
};

export function privacyOf(channel: Pick<WireChannel, 'invite_only' | 'is_web_public' | 'history_public_to_subscribers'>): ChannelPrivacy {
  if (channel.is_web_public) return 'web-public';
  if (!channel.invite_only) return 'public';
  return channel.history_public_to_subscribers ? 'private-shared' : 'private-protected';
}

/** A privacy choice as `PATCH /streams/{id}` takes it. */
export function privacyChange(privacy: ChannelPrivacy): { is_private: boolean; is_web_public: boolean; history_public_to_subscribers: boolean } {
  return {
    is_private: privacy === 'private-shared' || privacy === 'private-protected',
    is_web_public: privacy === 'web-public',
    history_public_to_subscribers: privacy !== 'private-protected',
  };
}

/** A privacy choice as `POST /users/me/subscriptions` takes it for a new channel. */
export function privacyOfNewChannel(privacy: ChannelPrivacy): { inviteOnly: boolean; isWebPublic: boolean; historyPublicToSubscribers: boolean } {
  const change = privacyChange(privacy);
  return { inviteOnly: change.is_private, isWebPublic: change.is_web_public, historyPublicToSubscribers: change.history_public_to_subscribers };
}

/**
 * The choices the person may pick: those the realm lets them create (`kinds`), and the
 * channel's current one so it shows.
 */
export function privacyChoices(kinds: { public: boolean; private: boolean; webPublic: boolean }, current?: ChannelPrivacy): ChannelPrivacy[] {
  const allowed: Record<ChannelPrivacy, boolean> = {
    'web-public': kinds.webPublic,
    public: kinds.public,
    'private-shared': kinds.private,
    'private-protected': kinds.private,
  };
  return (Object.keys(PRIVACY_LABELS) as ChannelPrivacy[]).filter((privacy) => allowed[privacy] || privacy === current);
}
