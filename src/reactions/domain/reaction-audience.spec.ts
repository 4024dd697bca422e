import { messageActionAudience } from './reaction-audience';

describe('messageActionAudience', () => {
  const holders = [
    { userId: 1, isGuest: false },
    { userId: 2, isGuest: true },
    { userId: 5, isGuest: false },
  ];

  it('sends direct message changes to those who received the message', () => {
    expect(messageActionAudience({ channel: null, rowHolders: holders, subscriberIds: [9] })).toEqual([1, 2, 5]);
  });

  it('limits protected history to subscribers who received the message', () => {
    const channel = { inviteOnly: true, historyPublicToSubscribers: false };
    expect(messageActionAudience({ channel, rowHolders: holders, subscriberIds: [1, 2, 7] })).toEqual([1, 2]);
  });

  it('sends a private channel with shared history to its subscribers only', () => {
    const channel = { inviteOnly: true, historyPublicToSubscribers: true };
    expect(messageActionAudience({ channel, rowHolders: holders, subscriberIds: [7, 1] })).toEqual([1, 7]);
  });

  it('adds non-guest row holders to a public channel subscribers', () => {
    const channel = { inviteOnly: false, historyPublicToSubscribers: true };
    expect(messageActionAudience({ channel, rowHolders: holders, subscriberIds: [7] })).toEqual([1, 5, 7]);
  });
});
