import { ApiError } from '../../shared/api-error';
import { checkSubscriptionPropertyChange, storedChange } from './subscription-properties';

function messageOf(work: () => unknown): string {
  try {
    work();
  } catch (error) {
    if (error instanceof ApiError) return error.msg;
    throw error;
  }
  throw new Error('expected an ApiError');
}

describe('subscription properties', () => {
  it('checks colors and booleans with Zulip\'s messages', () => {
    expect(checkSubscriptionPropertyChange(1, 'color', '#a1B2c3').value).toBe('#a1B2c3');
    expect(checkSubscriptionPropertyChange(1, 'color', '#fff').value).toBe('#fff');
    expect(messageOf(() => checkSubscriptionPropertyChange(1, 'color', 'a1b2c3'))).toBe('color is not a hex color code');
    expect(messageOf(() => checkSubscriptionPropertyChange(1, 'color', true))).toBe('color is not a string');
    expect(messageOf(() => checkSubscriptionPropertyChange(1, 'push_notifications', 'true'))).toBe('push_notifications is not a boolean');
    expect(messageOf(() => checkSubscriptionPropertyChange(1, 'is_pinned', true))).toBe('Unknown subscription property: is_pinned');
  });

  it('stores in_home_view as the inverse is_muted, announcing both', () => {
    expect(storedChange({ streamId: 1, property: 'in_home_view', value: false })).toEqual({
      column: 'is_muted',
      value: true,
      events: [{ property: 'in_home_view', value: false }, { property: 'is_muted', value: true }],
    });
    expect(storedChange({ streamId: 1, property: 'pin_to_top', value: true })).toEqual({
      column: 'pin_to_top',
      value: true,
      events: [{ property: 'pin_to_top', value: true }],
    });
  });
});
