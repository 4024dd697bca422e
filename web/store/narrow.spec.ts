import { decodeHashComponent, encodeHashComponent, formatHash, parseHash, type Narrow } from './narrow';

const names = {
  channelName: (id: number) => ({ 5: 'general', 9: 'design team' })[id],
  userName: (id: number) => ({ 3: 'Ann Lee' })[id],
};

describe('URL fragments, as Zulip writes them', () => {
  it('encodes components as Zulip does: percent signs become dots, and dots and parentheses are escaped', () => {
    expect(encodeHashComponent('lunch plans (v1.2) 100%')).toBe('lunch.20plans.20.28v1.2E2.29.20100.25');
    expect(decodeHashComponent('lunch.20plans.20.28v1.2E2.29.20100.25')).toBe('lunch plans (v1.2) 100%');
    expect(decodeHashComponent('caf.C3.A9')).toBe('café');
  });

  it.each<[string, Narrow]>([
    ['', { filter: { kind: 'feed' }, anchor: null, with: null }],
    ['#feed', { filter: { kind: 'feed' }, anchor: null, with: null }],
    ['#all_messages', { filter: { kind: 'feed' }, anchor: null, with: null }],
    ['#narrow/channel/5-general', { filter: { kind: 'channel', channelId: 5 }, anchor: null, with: null }],
    ['#narrow/stream/5-general/subject/lunch', { filter: { kind: 'channel', channelId: 5, topic: 'lunch' }, anchor: null, with: null }],
    ['#narrow/channel/5-general/topic/lunch.20plans', { filter: { kind: 'channel', channelId: 5, topic: 'lunch plans' }, anchor: null, with: null }],
    ['#narrow/channel/5-general/topic/', { filter: { kind: 'channel', channelId: 5, topic: '' }, anchor: null, with: null }],
    ['#narrow/channel/5-general/topic/lunch/near/99', { filter: { kind: 'channel', channelId: 5, topic: 'lunch' }, anchor: 99, with: null }],
    ['#narrow/channel/5-general/topic/lunch/with/77', { filter: { kind: 'channel', channelId: 5, topic: 'lunch' }, anchor: null, with: 77 }],
    ['#narrow/dm/3-Ann-Lee', { filter: { kind: 'dm', userIds: [3] }, anchor: null, with: null }],
    ['#narrow/dm/8,3-group', { filter: { kind: 'dm', userIds: [3, 8] }, anchor: null, with: null }],
    ['#narrow/pm-with/3-ann', { filter: { kind: 'dm', userIds: [3] }, anchor: null, with: null }],
    ['#narrow/is/starred', { filter: { kind: 'starred' }, anchor: null, with: null }],
    ['#narrow/is/mentioned', { filter: { kind: 'mentioned' }, anchor: null, with: null }],
    ['#narrow/near/42', { filter: { kind: 'feed' }, anchor: 42, with: null }],
    ['#narrow/search/lunch.20plans', { filter: { kind: 'search', query: 'lunch plans' }, anchor: null, with: null }],
    ['#narrow/search/', { filter: { kind: 'feed' }, anchor: null, with: null }],
    ['#settings/profile', { filter: { kind: 'feed' }, anchor: null, with: null }],
    ['#narrow/channel/not-a-number', { filter: { kind: 'feed' }, anchor: null, with: null }],
  ])('reads %s', (hash, narrow) => {
    expect(parseHash(hash)).toEqual(narrow);
  });

  it.each([
    '#feed',
    '#narrow/channel/5-general',
    '#narrow/channel/9-design-team/topic/lunch.20plans.20.28v1.2E2.29',
    '#narrow/channel/5-general/topic/lunch/near/99',
    '#narrow/channel/5-general/topic/lunch/with/77',
    '#narrow/dm/3-Ann.20Lee',
    '#narrow/dm/3,8-dm',
    '#narrow/dm/3,8,9-group',
    '#narrow/is/starred',
    '#narrow/is/mentioned',
    '#narrow/search/lunch.20plans',
  ])('writes %s back as it reads it', (hash) => {
    expect(formatHash(parseHash(hash), names)).toBe(hash);
  });
});
