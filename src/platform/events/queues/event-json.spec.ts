import { eventJson, eventJsonWithShared, inZulipDialect, SharedJson, storedJson } from './event-json';

describe("events in Zulip clients' spelling", () => {
  const special = { emoji_name: 'zulip', emoji_code: 'zulip', reaction_type: 'svc_extra_emoji', user_id: 3 };

  it('respells a shared message body once, however many events refer to it', () => {
    const shared = new SharedJson(JSON.stringify({ id: 9, reactions: [special] }));
    const first = eventJsonWithShared({ type: 'message', flags: [] }, 'message', shared);
    const second = eventJsonWithShared({ type: 'message', flags: ['read'] }, 'message', shared);
    const firstCopy = inZulipDialect(first);
    const secondCopy = inZulipDialect(second);
    expect(firstCopy.shared).not.toBe(shared);
    expect(secondCopy.shared).toBe(firstCopy.shared);
    expect(inZulipDialect(first)).toBe(firstCopy);
    const parsed = JSON.parse(storedJson(4, firstCopy)) as { id: number; message: { reactions: { reaction_type: string }[] } };
    expect(parsed.id).toBe(4);
    expect(parsed.message.reactions[0].reaction_type).toBe('zulip_extra_emoji');
    // The spec's copy is untouched.
    expect(JSON.parse(storedJson(4, first)).message.reactions[0].reaction_type).toBe('svc_extra_emoji');
  });

  it('respells a plain event, and hands back the same object when nothing differs', () => {
    const reaction = eventJson({ type: 'reaction', op: 'add', ...special });
    expect(JSON.parse(storedJson(1, inZulipDialect(reaction))).reaction_type).toBe('zulip_extra_emoji');
    const plain = eventJson({ type: 'reaction', op: 'add', ...special, reaction_type: 'unicode_emoji' });
    expect(inZulipDialect(plain)).toBe(plain);
  });
});
