import { itemHash, listHash, manageViewOf } from './manage-route';

describe('the channels and groups overlays’ fragments', () => {
  const tabs = ['general', 'personal', 'subscribers'];

  it('reads the lists, the new form, and an item with its tab', () => {
    expect(manageViewOf('channels', ['subscribed'], tabs)).toEqual({ list: 'mine', selection: { kind: 'none' } });
    expect(manageViewOf('channels', [], tabs)).toEqual({ list: 'mine', selection: { kind: 'none' } });
    expect(manageViewOf('channels', ['all'], tabs)).toEqual({ list: 'all', selection: { kind: 'none' } });
    expect(manageViewOf('groups', ['new'], tabs)).toEqual({ list: 'mine', selection: { kind: 'new' } });
    expect(manageViewOf('channels', ['7', 'design', 'subscribers'], tabs)).toEqual({ list: 'mine', selection: { kind: 'item', id: 7, tab: 'subscribers' } });
  });

  it('opens the first tab for an unknown or missing one, and nothing for a bad id', () => {
    expect(manageViewOf('channels', ['7', 'design', 'nope'], tabs).selection).toEqual({ kind: 'item', id: 7, tab: 'general' });
    expect(manageViewOf('channels', ['7'], tabs).selection).toEqual({ kind: 'item', id: 7, tab: 'general' });
    expect(manageViewOf('channels', ['x'], tabs).selection).toEqual({ kind: 'none' });
  });

  it('writes the fragments back', () => {
    expect(listHash('groups', 'mine')).toBe('#groups/your');
    expect(listHash('channels', 'all')).toBe('#channels/all');
    expect(itemHash('channels', 7, 'big plans', 'general')).toBe('#channels/7/big.20plans/general');
  });
});
