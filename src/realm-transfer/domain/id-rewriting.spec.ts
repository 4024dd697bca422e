import { directMessageGroupHash } from '../../messages/public/direct-message-group';
import { ARCHIVE_TABLES, catalogGaps } from '../persistence/archive-tables';
import { IdRewriter } from './id-rewriting';

describe('IdRewriter', () => {
  const maps = new Map([
    ['user_profile', new Map([[5, 105], [6, 106]])],
    ['stream', new Map([[7, 207]])],
    ['user_group', new Map([[8, 308]])],
    ['message', new Map([[9, 409]])],
    ['realm_emoji', new Map([[3, 503]])],
  ]);
  const rewriter = new IdRewriter(maps, 2, 12);

  it('rewrites mentions, channel and message links, uploads and emoji images in message text', () => {
    const html =
      '<span class="user-mention" data-user-id="5">@Ann</span> <span class="user-group-mention" data-user-group-id="8">@crew</span> ' +
      '<a class="stream-topic" data-stream-id="7" href="/#narrow/channel/7-town/topic/hi/near/9">#town</a> ' +
      '<a href="/user_uploads/2/ab/xyz/f.txt">f</a> <img src="/user_avatars/2/emoji/images/3-a.png"> <a href="/user_uploads/4/cd/x.txt">other</a>';
    expect(rewriter.text(html)).toBe(
      '<span class="user-mention" data-user-id="105">@Ann</span> <span class="user-group-mention" data-user-group-id="308">@crew</span> ' +
        '<a class="stream-topic" data-stream-id="207" href="/#narrow/channel/207-town/topic/hi/near/409">#town</a> ' +
        '<a href="/user_uploads/12/ab/xyz/f.txt">f</a> <img src="/user_avatars/12/emoji/images/3-a.png"> <a href="/user_uploads/4/cd/x.txt">other</a>',
    );
    expect(rewriter.text('hi @**Ann|5** and @_**Bo|6**, ids outside stay: data-user-id="77"')).toBe(
      'hi @**Ann|105** and @_**Bo|106**, ids outside stay: data-user-id="77"',
    );
  });

  it('rewrites edit history, user profile fields, custom emoji codes and group DM hashes', () => {
    expect(rewriter.editHistory([{ user_id: 5, timestamp: 1, prev_stream: 7, stream: 7, prev_rendered_content: '<p data-user-id="6"></p>' }])).toEqual([
      { user_id: 105, timestamp: 1, prev_stream: 207, stream: 207, prev_rendered_content: '<p data-user-id="106"></p>' },
    ]);
    expect(rewriter.profileFieldValue('[5,6]', 6)).toBe('[105,106]');
    expect(rewriter.profileFieldValue('[5,6]', 1)).toBe('[5,6]');
    expect(rewriter.emojiCode('3', 'realm_emoji')).toBe('503');
    expect(rewriter.emojiCode('1f600', 'unicode_emoji')).toBe('1f600');
    expect(rewriter.directMessageGroupHash([6, 5])).toBe(directMessageGroupHash([105, 106]));
    expect(rewriter.pathId('2/ab/xyz/f.txt')).toBe('12/ab/xyz/f.txt');
  });

  it('moves avatar files to the names of the new user ids', () => {
    const keys = rewriter.avatarKeys([5]);
    const [[oldKey, newKey]] = [...keys];
    expect(oldKey).toMatch(/^2\/[0-9a-f]{40}\.png$/);
    expect(newKey).toMatch(/^12\/[0-9a-f]{40}\.png$/);
    expect(rewriter.fileKey(oldKey, keys)).toBe(newKey);
    expect(rewriter.fileKey('files/2/ab/xyz/f.txt', keys)).toBe('files/12/ab/xyz/f.txt');
    expect(rewriter.fileKey('2/emoji/images/3-a.png', keys)).toBe('12/emoji/images/3-a.png');
  });
});

describe('catalogGaps', () => {
  it('names tables and foreign keys the catalog does not cover', () => {
    const tables = [...ARCHIVE_TABLES.map((table) => table.name), 'typeorm_migrations', 'shiny_new_table'];
    const keys = [
      { table: 'message', column: 'sender_id', target: 'user_profile' },
      { table: 'message', column: 'pinned_by_id', target: 'user_profile' },
    ];
    expect(catalogGaps(tables, keys)).toEqual(['table shiny_new_table', 'column message.pinned_by_id']);
  });
});
