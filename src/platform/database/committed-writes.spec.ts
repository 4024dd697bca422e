import { tablesWrittenBy } from './committed-writes';

describe('tablesWrittenBy', () => {
  it('names the tables of INSERT, UPDATE and DELETE, in CTEs too', () => {
    expect(tablesWrittenBy('UPDATE user_profile SET api_key = $2 WHERE id = $1')).toEqual(['user_profile']);
    expect(tablesWrittenBy('insert into realm (string_id) values ($1)')).toEqual(['realm']);
    expect(tablesWrittenBy('DELETE FROM "user_profile" WHERE id = $1')).toEqual(['user_profile']);
    expect(tablesWrittenBy('WITH gone AS (DELETE FROM draft WHERE id = $1 RETURNING id) UPDATE realm SET name = $2')).toEqual(['draft', 'realm']);
  });

  it('names none for reads, row locks and upsert clauses', () => {
    expect(tablesWrittenBy('SELECT id FROM user_profile WHERE id = $1 FOR UPDATE')).toEqual([]);
    expect(tablesWrittenBy('SELECT id FROM user_profile FOR UPDATE OF user_profile SKIP LOCKED')).toEqual([]);
    expect(tablesWrittenBy('SELECT last_update FROM t FOR NO KEY UPDATE NOWAIT')).toEqual([]);
    expect(tablesWrittenBy('INSERT INTO presence (a) VALUES (1) ON CONFLICT (a) DO UPDATE SET a = 2')).toEqual(['presence']);
  });
});
