import { containsAlertWord, normalizeAlertWords, usersAlerted } from './alert-words';
import { markdownHints } from './markdown-hints';

describe('alert words', () => {
  it.each<[string, string, boolean]>([
    ['deploy now', 'deploy', true],
    ['we deploy', 'deploy', true],
    ['(deploy)', 'deploy', true],
    ['"deploy"?', 'deploy', true],
    ['**deploy**', 'deploy', true],
    ['`deploy`', 'deploy', true],
    ['> deploy', 'deploy', true],
    ['redeploy', 'deploy', false],
    ['deployment', 'deploy', false],
    ['deploy-now', 'deploy', false],
    ['#deploy', 'deploy', false],
    ['on call today', 'on call', true],
    ['', 'deploy', false],
  ])('%j contains %j: %s', (content, word, expected) => {
    expect(containsAlertWord(content.toLowerCase(), word)).toBe(expected);
  });

  it('finds every user whose words occur, case-insensitively', () => {
    const words = new Map([[1, ['deploy']], [2, ['lunch', 'zzz']], [3, ['nope']]]);
    expect([...usersAlerted('Lunch after the DEPLOY.', words)].sort()).toEqual([1, 2]);
  });

  it('normalizes added words: trimmed, lower-cased, no empties or duplicates', () => {
    expect(normalizeAlertWords([' Foo ', 'foo', '', '  ', 'BAR'])).toEqual(['foo', 'bar']);
  });
});

describe('markdownHints', () => {
  it('finds nothing in plain text', () => {
    expect(markdownHints('just words, 12:30 and a@b.c')).toEqual({ userNames: [], userIds: [], groupNames: [], channelNames: [], channelTopics: [], emojiNames: [] });
  });

  it('collects names, ids, groups, channels and emoji names; wildcards are not names', () => {
    expect(markdownHints('@**Iago** @_**Ann|7** @**|8** @**all** @*Team* #**Design>My Topic** #**ops** #**ops>x@12** :smile: :tada:')).toEqual({
      userNames: ['iago'],
      userIds: [7, 8],
      groupNames: ['team'],
      channelNames: ['design', 'ops'],
      channelTopics: [{ channel: 'design', topic: 'My Topic' }],
      emojiNames: ['smile', 'tada'],
    });
  });
});
