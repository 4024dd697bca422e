import { shortcutFor, type KeyPress } from './keyboard';

const press = (key: string, extra: Partial<KeyPress> = {}): KeyPress => ({ key, ctrlKey: false, metaKey: false, altKey: false, place: 'elsewhere', ...extra });

describe('keyboard shortcuts', () => {
  it("reads Zulip's keys", () => {
    expect(['j', 'ArrowDown', 'k', 'ArrowUp', 'Home', 'End', 'r', 'Enter', 'c', 'x', 'n', 'p', '/', '?', 'Escape'].map((key) => shortcutFor(press(key)))).toEqual([
      'next', 'next', 'previous', 'previous', 'first', 'last', 'reply', 'reply', 'new-topic', 'new-dm', 'next-unread-topic', 'next-unread-dm', 'search', 'help', 'escape',
    ]);
    expect(shortcutFor(press('q'))).toBeNull();
  });

  it('leaves keys typed into a text field there, but Escape', () => {
    expect(shortcutFor(press('j', { place: 'text-field' }))).toBeNull();
    expect(shortcutFor(press('/', { place: 'text-field' }))).toBeNull();
    expect(shortcutFor(press('Escape', { place: 'text-field' }))).toBe('escape');
  });

  it('leaves Enter on a button or link to it, and keys with Ctrl, Cmd or Alt to the browser', () => {
    expect(shortcutFor(press('Enter', { place: 'control' }))).toBeNull();
    expect(shortcutFor(press('j', { place: 'control' }))).toBe('next');
    expect(shortcutFor(press('r', { ctrlKey: true }))).toBeNull();
    expect(shortcutFor(press('c', { metaKey: true }))).toBeNull();
    expect(shortcutFor(press('n', { altKey: true }))).toBeNull();
  });
});
