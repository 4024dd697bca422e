import { applyCompletion, channelLinkSyntax, findTrigger, matchRank, mentionSyntax, rankByName } from './autocomplete';

describe('compose typeahead', () => {
  it('finds what is being typed before the cursor', () => {
    expect(findTrigger('hi @ann', 7)).toEqual({ kind: 'mention', query: 'ann', start: 3, silent: false });
    expect(findTrigger('@_Bo', 4)).toEqual({ kind: 'mention', query: 'Bo', start: 0, silent: true });
    expect(findTrigger('@', 1)).toEqual({ kind: 'mention', query: '', start: 0, silent: false });
    expect(findTrigger('see #dev', 8)).toEqual({ kind: 'channel', query: 'dev', start: 4 });
    expect(findTrigger('see #**dev>depl', 15)).toEqual({ kind: 'topic', channel: 'dev', query: 'depl', start: 4 });
    expect(findTrigger('see #**dev**>', 13)).toEqual({ kind: 'topic', channel: 'dev', query: '', start: 4 });
    expect(findTrigger('see #**dev** >x', 15)).toEqual({ kind: 'topic', channel: 'dev', query: 'x', start: 4 });
    expect(findTrigger('nice :thu', 9)).toEqual({ kind: 'emoji', query: 'thu', start: 5 });
    expect(findTrigger('fiesta :piñ', 11)).toEqual({ kind: 'emoji', query: 'piñ', start: 7 });
  });

  it('leaves ordinary text alone', () => {
    expect(findTrigger('mail ann@example.com', 20)).toBeNull();
    expect(findTrigger('at 10:30', 8)).toBeNull();
    expect(findTrigger('a :x', 4)).toBeNull();
    expect(findTrigger('issue#4', 7)).toBeNull();
    expect(findTrigger('@**Ann** said', 13)).toBeNull();
    expect(findTrigger('@ann\nnext', 9)).toBeNull();
  });

  it('replaces the token and puts the cursor after it, with a space', () => {
    expect(applyCompletion('hi @an tail', 6, 3, '@**Ann**')).toEqual({ text: 'hi @**Ann** tail', cursor: 11 });
    expect(applyCompletion('x :thu', 6, 2, ':thumbs_up:')).toEqual({ text: 'x :thumbs_up: ', cursor: 14 });
    expect(applyCompletion('#de', 3, 0, '#**dev>')).toEqual({ text: '#**dev>', cursor: 7 });
  });

  it('ranks whole names, then prefixes, then word prefixes, then anywhere', () => {
    expect(matchRank('Ann Lee', 'ann lee')).toBe(0);
    expect(matchRank('Ann Lee', 'an')).toBe(1);
    expect(matchRank('Ann Lee', 'le')).toBe(2);
    expect(matchRank('Ann Lee', 'nn')).toBe(3);
    expect(matchRank('Ann Lee', 'zz')).toBeNull();
    expect(rankByName(['Joanne', 'Bo Jo', 'Jo'], 'jo', (name) => [name], 5)).toEqual(['Jo', 'Joanne', 'Bo Jo']);
  });

  it("writes Zulip's syntax", () => {
    expect(mentionSyntax('Ann Lee', { silent: false })).toBe('@**Ann Lee**');
    expect(mentionSyntax('Ann Lee', { silent: true, userId: 7, ambiguous: true })).toBe('@_**Ann Lee|7**');
    expect(channelLinkSyntax('dev', 'deploys')).toBe('#**dev>deploys**');
  });
});
