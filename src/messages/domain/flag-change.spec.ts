import { ApiError } from '../../shared/api-error';
import { changes, clampUpdateRange, parseFlagChange } from './flag-change';
import { FLAG_BITS } from '../../shared/message-flags';

function message(thunk: () => unknown): string {
  try {
    thunk();
  } catch (error) {
    if (error instanceof ApiError) return error.message;
    throw error;
  }
  return 'no error';
}

describe('parseFlagChange', () => {
  it('accepts the three user flags', () => {
    expect(parseFlagChange('add', 'read')).toEqual({ op: 'add', flag: 'read', bit: FLAG_BITS.read });
    expect(parseFlagChange('remove', 'starred').bit).toBe(FLAG_BITS.starred);
    expect(parseFlagChange('add', 'collapsed').bit).toBe(FLAG_BITS.collapsed);
  });

  it('answers unknown and internal flags as invalid, bookkeeping ones as not editable', () => {
    expect(message(() => parseFlagChange('add', 'bogus'))).toBe("Invalid flag: 'bogus'");
    expect(message(() => parseFlagChange('add', 'is_private'))).toBe("Invalid flag: 'is_private'");
    expect(message(() => parseFlagChange('add', 'wildcard_mentioned'))).toBe("Invalid flag: 'wildcard_mentioned'");
    expect(message(() => parseFlagChange('add', 'toString'))).toBe("Invalid flag: 'toString'");
    for (const flag of ['mentioned', 'historical', 'has_alert_word', 'force_expand']) {
      expect(message(() => parseFlagChange('add', flag))).toBe(`Flag not editable: '${flag}'`);
    }
  });

  it('checks the flag before the operation', () => {
    expect(message(() => parseFlagChange('toggle', 'bogus'))).toBe("Invalid flag: 'bogus'");
    expect(message(() => parseFlagChange('toggle', 'read'))).toBe("Invalid message flag operation: 'toggle'");
  });
});

describe('changes', () => {
  it('tells whether the bit moves', () => {
    const add = parseFlagChange('add', 'starred');
    const remove = parseFlagChange('remove', 'starred');
    expect(changes(add, 0)).toBe(true);
    expect(changes(add, FLAG_BITS.starred)).toBe(false);
    expect(changes(remove, FLAG_BITS.starred | FLAG_BITS.read)).toBe(true);
    expect(changes(remove, FLAG_BITS.read)).toBe(false);
  });
});

describe('clampUpdateRange', () => {
  it('keeps the sum at most 5000, giving num_after what num_before leaves', () => {
    expect(clampUpdateRange(10, 20)).toEqual({ numBefore: 10, numAfter: 20 });
    expect(clampUpdateRange(6000, 6000)).toEqual({ numBefore: 2500, numAfter: 2500 });
    expect(clampUpdateRange(6000, 0)).toEqual({ numBefore: 5000, numAfter: 0 });
    expect(clampUpdateRange(0, 6000)).toEqual({ numBefore: 0, numAfter: 5000 });
    expect(clampUpdateRange(4000, 3000)).toEqual({ numBefore: 2500, numAfter: 2500 });
  });
});
