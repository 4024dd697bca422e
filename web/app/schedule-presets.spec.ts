import { localInputValue, schedulePresets } from './schedule-presets';

describe('schedule presets', () => {
  it('offers today while still ahead, tomorrow, and next Monday', () => {
    // A Wednesday, 10:30 local time.
    const now = new Date(2026, 0, 7, 10, 30);
    const presets = schedulePresets(now);
    expect(presets.map((preset) => preset.label)).toEqual(['Today at 4:00 PM', 'Tomorrow at 9:00 AM', 'Tomorrow at 4:00 PM', 'Monday at 9:00 AM']);
    expect(new Date((presets[3]?.at ?? 0) * 1000)).toEqual(new Date(2026, 0, 12, 9, 0));
    expect(presets.every((preset) => preset.at * 1000 > now.getTime())).toBe(true);
  });

  it('leaves Monday out on a Sunday (tomorrow is Monday already)', () => {
    expect(schedulePresets(new Date(2026, 0, 11, 20, 0)).map((preset) => preset.label)).toEqual(['Tomorrow at 9:00 AM', 'Tomorrow at 4:00 PM']);
  });

  it('writes a datetime-local value', () => {
    expect(localInputValue(new Date(2026, 2, 4, 7, 5).getTime() / 1000)).toBe('2026-03-04T07:05');
  });
});
