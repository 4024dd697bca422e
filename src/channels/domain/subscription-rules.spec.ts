import { directlyControls, isUnsubscribingOthers } from './subscription-rules';

describe('unsubscribe rules (who may remove whom)', () => {
  const actor = 10;
  const self = { id: actor, isBot: false, botOwnerId: null };
  const ownBot = { id: 11, isBot: true, botOwnerId: actor };
  const othersBot = { id: 12, isBot: true, botOwnerId: 99 };
  const other = { id: 13, isBot: false, botOwnerId: null };
  // A human whose (stale) owner field names the actor is still someone else.
  const ownedHuman = { id: 14, isBot: false, botOwnerId: actor };

  it('a bot the requester owns is removed as if it were the requester', () => {
    expect(directlyControls(actor, self)).toBe(true);
    expect(directlyControls(actor, ownBot)).toBe(true);
    expect(isUnsubscribingOthers(actor, [self, ownBot])).toBe(false);
  });

  it('treats other users and other people\'s bots as others', () => {
    expect(directlyControls(actor, othersBot)).toBe(false);
    expect(directlyControls(actor, other)).toBe(false);
    expect(directlyControls(actor, ownedHuman)).toBe(false);
    expect(isUnsubscribingOthers(actor, [self, ownBot, other])).toBe(true);
    expect(isUnsubscribingOthers(actor, [othersBot])).toBe(true);
  });
});
