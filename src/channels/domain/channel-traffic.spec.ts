import { averageWeeklyTraffic } from './channel-traffic';

const DAY = 86_400_000;
const now = Date.UTC(2026, 0, 31);
const createdDaysAgo = (days: number) => new Date(now - days * DAY);

describe('averageWeeklyTraffic (Zulip get_average_weekly_stream_traffic)', () => {
  it('gives no estimate for channels younger than a week', () => {
    expect(averageWeeklyTraffic(createdDaysAgo(0), 50, now)).toBeNull();
    expect(averageWeeklyTraffic(createdDaysAgo(6.9), 50, now)).toBeNull();
  });

  it('scales a young channel by its age, an older one by four weeks', () => {
    expect(averageWeeklyTraffic(createdDaysAgo(7), 10, now)).toBe(10);
    expect(averageWeeklyTraffic(createdDaysAgo(14), 10, now)).toBe(5);
    expect(averageWeeklyTraffic(createdDaysAgo(28), 40, now)).toBe(10);
    expect(averageWeeklyTraffic(createdDaysAgo(400), 0, now)).toBe(0);
  });

  it('answers at least 1 when there was any traffic', () => {
    expect(averageWeeklyTraffic(createdDaysAgo(100), 3, now)).toBe(1);
  });

  it('rounds to two significant digits, half to even as Python does', () => {
    expect(averageWeeklyTraffic(createdDaysAgo(100), 4 * 1234, now)).toBe(1200);
    expect(averageWeeklyTraffic(createdDaysAgo(100), 4 * 125, now)).toBe(120);
    expect(averageWeeklyTraffic(createdDaysAgo(100), 4 * 135, now)).toBe(140);
    expect(averageWeeklyTraffic(createdDaysAgo(100), 4 * 99, now)).toBe(99);
  });
});
