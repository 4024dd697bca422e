import { automaticPolicyAfter, AutomaticPolicy, parseVisibilityPolicy, TopicAction, VisibilityPolicy } from './visibility-policy';

const settings = (follow: number, unmute: number) => ({
  automatically_follow_topics_policy: follow,
  automatically_unmute_topics_in_muted_streams_policy: unmute,
});
const send = (overrides: Partial<TopicAction> = {}): TopicAction => ({
  sent: true,
  channelMuted: false,
  current: VisibilityPolicy.Inherit,
  topicHadMessages: () => Promise.resolve(true),
  ...overrides,
});
const { OnParticipation, OnSend, OnInitiation, Never } = AutomaticPolicy;

describe('automaticPolicyAfter', () => {
  it('follows topics the user sends to or participates in', async () => {
    expect(await automaticPolicyAfter(settings(OnSend, Never), send())).toBe(VisibilityPolicy.Followed);
    expect(await automaticPolicyAfter(settings(OnParticipation, Never), send())).toBe(VisibilityPolicy.Followed);
    expect(await automaticPolicyAfter(settings(Never, Never), send())).toBeNull();
  });

  it('follows a topic the user starts, and only then', async () => {
    expect(await automaticPolicyAfter(settings(OnInitiation, Never), send({ topicHadMessages: () => Promise.resolve(false) }))).toBe(
      VisibilityPolicy.Followed,
    );
    expect(await automaticPolicyAfter(settings(OnInitiation, Never), send())).toBeNull();
  });

  it('unmutes topics only in muted channels', async () => {
    expect(await automaticPolicyAfter(settings(Never, OnSend), send({ channelMuted: true }))).toBe(VisibilityPolicy.Unmuted);
    expect(await automaticPolicyAfter(settings(Never, OnSend), send({ channelMuted: false }))).toBeNull();
    expect(await automaticPolicyAfter(settings(Never, OnSend), send({ channelMuted: null }))).toBeNull();
    expect(
      await automaticPolicyAfter(settings(Never, OnInitiation), send({ channelMuted: true, topicHadMessages: () => Promise.resolve(false) })),
    ).toBe(VisibilityPolicy.Unmuted);
  });

  it('never lowers a policy and skips one already in place', async () => {
    expect(await automaticPolicyAfter(settings(OnSend, OnSend), send({ current: VisibilityPolicy.Followed }))).toBeNull();
    expect(await automaticPolicyAfter(settings(Never, OnSend), send({ channelMuted: true, current: VisibilityPolicy.Unmuted }))).toBeNull();
    expect(await automaticPolicyAfter(settings(OnSend, Never), send({ current: VisibilityPolicy.Muted }))).toBe(VisibilityPolicy.Followed);
  });

  it('does not read the topic history when a policy is set', async () => {
    const topicHadMessages = jest.fn(() => Promise.resolve(false));
    expect(await automaticPolicyAfter(settings(OnInitiation, Never), send({ current: VisibilityPolicy.Muted, topicHadMessages }))).toBeNull();
    expect(topicHadMessages).not.toHaveBeenCalled();
  });

  it('applies only participation settings to participation without sending', async () => {
    expect(await automaticPolicyAfter(settings(OnSend, Never), send({ sent: false }))).toBeNull();
    expect(await automaticPolicyAfter(settings(OnParticipation, Never), send({ sent: false }))).toBe(VisibilityPolicy.Followed);
  });
});

describe('parseVisibilityPolicy', () => {
  it('accepts 0 to 3 only', () => {
    expect(parseVisibilityPolicy(3)).toBe(3);
    expect(() => parseVisibilityPolicy(4)).toThrow('Invalid visibility_policy');
    expect(() => parseVisibilityPolicy(-1)).toThrow('Invalid visibility_policy');
  });
});
