import { ApiError } from '../../shared/api-error';
import { applyStatusUpdate, checkStatusRequest, EMPTY_STATUS, formatStatus, StatusRequest } from './user-status';

function errorOf(request: StatusRequest): string {
  try {
    checkStatusRequest(request);
  } catch (error) {
    if (error instanceof ApiError) return error.msg;
    throw error;
  }
  return 'no error';
}

describe('status requests', () => {
  it('needs something new: away, text or an emoji name', () => {
    expect(errorOf({})).toBe('Client did not pass any new values.');
    expect(errorOf({ emojiCode: '1f697' })).toBe('Client did not pass any new values.');
    expect(errorOf({ away: false })).toBe('no error');
    expect(errorOf({ statusText: '' })).toBe('no error');
  });

  it('limits the text to 60 characters after trimming, counting code points', () => {
    expect(errorOf({ statusText: 'x'.repeat(61) })).toBe('status_text is too long (limit: 60 characters)');
    expect(errorOf({ statusText: ` ${'x'.repeat(60)} ` })).toBe('no error');
    expect(errorOf({ statusText: '🚗'.repeat(60) })).toBe('no error');
    expect(checkStatusRequest({ statusText: '  out  ' }).request.statusText).toBe('out');
  });

  it('wants a name with a code or type', () => {
    expect(errorOf({ statusText: 'x', emojiCode: '1f697' })).toBe(
      'Client must pass emoji_name if they pass either emoji_code or reaction_type.',
    );
    expect(errorOf({ away: true, reactionType: 'unicode_emoji' })).toBe(
      'Client must pass emoji_name if they pass either emoji_code or reaction_type.',
    );
  });

  it('an empty name clears the emoji without a lookup', () => {
    expect(checkStatusRequest({ emojiName: '', emojiCode: 'x' })).toEqual({
      request: { emojiName: '', emojiCode: '', reactionType: 'unicode_emoji', statusText: undefined },
      needsLookup: false,
    });
    expect(checkStatusRequest({ emojiName: 'car' }).needsLookup).toBe(true);
  });
});

describe('stored and presented status', () => {
  it('keeps what was not passed', () => {
    const withCar = applyStatusUpdate(EMPTY_STATUS, { emojiName: 'car', emojiCode: '1f697', reactionType: 'unicode_emoji' });
    const texted = applyStatusUpdate(withCar, { statusText: 'driving' });
    expect(texted).toEqual({ statusText: 'driving', emojiName: 'car', emojiCode: '1f697', reactionType: 'unicode_emoji' });
    expect(applyStatusUpdate(texted, { emojiName: '', emojiCode: '', reactionType: 'unicode_emoji' })).toEqual({
      ...EMPTY_STATUS,
      statusText: 'driving',
    });
  });

  it('shows only what is set, and away when presence is off', () => {
    expect(formatStatus(EMPTY_STATUS, true)).toEqual({});
    expect(formatStatus({ ...EMPTY_STATUS, statusText: 'hi' }, false)).toEqual({ away: true, status_text: 'hi' });
    expect(formatStatus({ statusText: '', emojiName: 'zulip', emojiCode: 'zulip', reactionType: 'svc_extra_emoji' }, true)).toEqual({
      emoji_name: 'zulip',
      emoji_code: 'zulip',
      reaction_type: 'svc_extra_emoji',
    });
  });
});
