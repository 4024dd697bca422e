import { askedStillShows } from './use-setting';

describe('a setting the person changed', () => {
  const asked = { value: 'dark', before: 'light' };
  const inFlight = { busy: true, error: null };
  const answered = { busy: false, error: null };

  it('shows what was asked while the request is in flight, even when someone else changes the setting meanwhile', () => {
    expect(askedStillShows(asked, 'light', inFlight)).toBe(true);
    expect(askedStillShows(asked, 'auto', inFlight)).toBe(true);
  });

  it('gives way to the store once answered and the store has changed since (its own event or a later one)', () => {
    expect(askedStillShows(asked, 'dark', answered)).toBe(false);
    expect(askedStillShows(asked, 'auto', answered)).toBe(false);
  });

  it('keeps showing what was asked when answered before its event arrives', () => {
    expect(askedStillShows(asked, 'light', answered)).toBe(true);
  });

  it('gives way at once when the server refuses', () => {
    expect(askedStillShows(asked, 'light', { busy: false, error: 'Must be an organization owner' })).toBe(false);
    expect(askedStillShows(asked, 'light', { busy: true, error: 'Must be an organization owner' })).toBe(false);
  });
});
