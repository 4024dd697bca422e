import { dialectOfClient, inZulipSpelling } from './wire-dialect';

describe('wire dialect', () => {
  it('gives Zulip spelling to clients that name themselves as Zulip clients', () => {
    expect(dialectOfClient('ZulipFlutter')).toBe('zulip');
    expect(dialectOfClient('ZulipMobile')).toBe('zulip');
    expect(dialectOfClient('zulipterminal')).toBe('zulip');
    expect(dialectOfClient('ZulipPython')).toBe('zulip');
    expect(dialectOfClient('Mozilla')).toBe('spec');
    expect(dialectOfClient('python-requests')).toBe('spec');
    expect(dialectOfClient('Unspecified')).toBe('spec');
    expect(dialectOfClient('Zuli')).toBe('spec');
    // Any other client named after Zulip is not one of its published clients.
    expect(dialectOfClient('ZulipTestClient')).toBe('spec');
  });

  it('respells reaction_type only where it is the value of that key', () => {
    const reaction = { emoji_name: 'zulip', emoji_code: 'zulip', reaction_type: 'svc_extra_emoji', user_id: 7 };
    const json = JSON.stringify({ subject: 'svc_extra_emoji', content: '"reaction_type":"svc_extra_emoji"', reactions: [reaction, reaction] });
    const parsed = JSON.parse(inZulipSpelling(json)) as { subject: string; content: string; reactions: { reaction_type: string }[] };
    expect(parsed.reactions.map((r) => r.reaction_type)).toEqual(['zulip_extra_emoji', 'zulip_extra_emoji']);
    expect(parsed.subject).toBe('svc_extra_emoji');
    expect(parsed.content).toBe('"reaction_type":"svc_extra_emoji"');
  });

  it('leaves text without such values as the same string', () => {
    const json = JSON.stringify({ reaction_type: 'unicode_emoji' });
    expect(inZulipSpelling(json)).toBe(json);
  });
});
