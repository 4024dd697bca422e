import { msUntilNextPass } from './digest-scheduler';

describe('digest schedule', () => {
  it('runs at the next 18:00 UTC', () => {
    expect(msUntilNextPass(new Date('2026-11-27T17:00:00Z'))).toBe(60 * 60 * 1000);
    expect(msUntilNextPass(new Date('2026-11-27T18:00:00Z'))).toBe(24 * 60 * 60 * 1000);
    expect(msUntilNextPass(new Date('2026-11-30T20:30:00Z'))).toBe(21.5 * 60 * 60 * 1000);
  });
});
