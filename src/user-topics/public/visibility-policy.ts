import { ApiError } from '../../shared/api-error';

/** Zulip's UserTopic.VisibilityPolicy. */
export const VisibilityPolicy = {
  Inherit: 0,
  Muted: 1,
  Unmuted: 2,
  Followed: 3,
} as const;
export type VisibilityPolicy = (typeof VisibilityPolicy)[keyof typeof VisibilityPolicy];

/** Values of `automatically_follow_topics_policy` / `automatically_unmute_topics_in_muted_streams_policy`. */
export const AutomaticPolicy = {
  OnParticipation: 1,
  OnSend: 2,
  OnInitiation: 3,
  Never: 4,
} as const;

export function parseVisibilityPolicy(value: number): VisibilityPolicy {
  if (!Number.isInteger(value) || value < 0 || value > 3) {
    throw new ApiError('Invalid visibility_policy', 'BAD_REQUEST', 400);
  }
  return value as VisibilityPolicy;
}

export interface AutomaticPolicySettings {
  automatically_follow_topics_policy: number;
  automatically_unmute_topics_in_muted_streams_policy: number;
}

/** What a user did in a topic that the automatic policies react to. */
export interface TopicAction {
  /** Sending a message (participation too). */
  sent: boolean;
  /** Whether the channel is muted for the user (null: not subscribed). */
  channelMuted: boolean | null;
  /** The user's current policy for the topic. */
  current: VisibilityPolicy;
  /** Whether the topic had messages the user can see before this one (read lazily). */
  topicHadMessages: () => Promise<boolean>;
}

/**
 * Zulip's `visibility_policy_for_send_message`: the policy the automatic settings give a
 * topic the user just sent to, or null when they would not make it more visible. Policies
 * only ever rise: a followed topic stays followed.
 *
 * Hook for participation without sending (being mentioned, reacting): call with
 * `sent: false` once those exist; only the participation settings then apply.
 */
export async function automaticPolicyAfter(settings: AutomaticPolicySettings, action: TopicAction): Promise<VisibilityPolicy | null> {
  const follow = settings.automatically_follow_topics_policy;
  const unmute = settings.automatically_unmute_topics_in_muted_streams_policy;
  if (action.current === VisibilityPolicy.Followed) return null;
  const applies = (policy: number) => policy === AutomaticPolicy.OnParticipation || (action.sent && policy === AutomaticPolicy.OnSend);
  if (applies(follow)) return VisibilityPolicy.Followed;
  let result: VisibilityPolicy | null = action.channelMuted === true && applies(unmute) ? VisibilityPolicy.Unmuted : null;
  // A topic with a policy already set was not just started: initiation cannot apply.
  if (action.current !== VisibilityPolicy.Inherit) return result !== null && result === action.current ? null : result;
  if (!action.sent) return result;
  const wantsInitiation = follow === AutomaticPolicy.OnInitiation || (action.channelMuted === true && unmute === AutomaticPolicy.OnInitiation);
  if (wantsInitiation && !(await action.topicHadMessages())) {
    if (follow === AutomaticPolicy.OnInitiation) return VisibilityPolicy.Followed;
    result = VisibilityPolicy.Unmuted;
  }
  return result;
}
