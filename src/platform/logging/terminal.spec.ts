import { logFormatFor, showsSecrets } from './terminal';

describe('what a terminal gets', () => {
  it('logs readable lines to a terminal and JSON lines anywhere else, unless LOG_FORMAT says', () => {
    expect(logFormatFor(undefined, { isTTY: true })).toBe('pretty');
    expect(logFormatFor(undefined, { isTTY: false })).toBe('json');
    expect(logFormatFor(undefined, {})).toBe('json');
    expect(logFormatFor('json', { isTTY: true })).toBe('json');
    expect(logFormatFor('pretty', {})).toBe('pretty');
  });

  it("shows the owner's password on a terminal only", () => {
    expect(showsSecrets({ isTTY: true })).toBe(true);
    expect(showsSecrets({ isTTY: false })).toBe(false);
    expect(showsSecrets({})).toBe(false);
  });
});
