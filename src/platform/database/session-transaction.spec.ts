import { QueryRunner } from 'typeorm';
import { PgSessionClient, runPrepared } from './prepared-statements';
import { SessionTransaction } from './session-transaction';

/** A session that records what it was sent and answers each statement with one row. */
function fakeSession() {
  const sent: string[] = [];
  const parsedStatements: Record<string, string | undefined> = {};
  const result = (command: string) => ({ command, rows: [{ command }], rowCount: 1 });
  const client = {
    connection: { parsedStatements },
    query: (config: string | { name?: string; text: string; values?: unknown[] }) => {
      if (typeof config === 'string') {
        sent.push(config);
        const parts = config.split('; ');
        return Promise.resolve(parts.length === 1 ? result(parts[0]) : parts.map((part) => result(part)));
      }
      if (config.name) parsedStatements[config.name] = config.text;
      sent.push(`${config.text} ${JSON.stringify(config.values)}`);
      return Promise.resolve(result('SELECT'));
    },
  } as unknown as PgSessionClient;
  const runner = { isTransactionActive: false, query: () => Promise.resolve([]) } as unknown as QueryRunner;
  return { sent, client, runner };
}

describe('SessionTransaction', () => {
  const READ = 'SELECT name FROM session_transaction_spec WHERE id = $1';
  const WRITE = 'INSERT INTO session_transaction_spec_log (note) VALUES ($1) RETURNING id';

  it('sends BEGIN and COMMIT apart while the session has not prepared the statements', async () => {
    const { sent, client, runner } = fakeSession();
    const transaction = new SessionTransaction(client, runner);
    await transaction.query(READ, [1]);
    expect(runner.isTransactionActive).toBe(true);
    await transaction.queryThenCommit(WRITE, ['a']);
    expect(sent).toEqual(['BEGIN', `${READ} [1]`, `${WRITE} ["a"]`, 'COMMIT']);
    expect(transaction.committed).toBe(true);
    expect(runner.isTransactionActive).toBe(false);
  });

  it('sends BEGIN with the first prepared statement and COMMIT with the last, parameters as literals', async () => {
    const { sent, client, runner } = fakeSession();
    await runPrepared(client, READ, [0]);
    await runPrepared(client, WRITE, ['x']);
    sent.length = 0;
    const transaction = new SessionTransaction(client, runner);
    const rows = await transaction.query<{ command: string }>(READ, [7]);
    expect(rows).toEqual([{ command: expect.stringMatching(/^EXECUTE s\d+\('7'\)$/) }]);
    const written = await transaction.queryThenCommit<{ command: string }>(WRITE, ["it's", null]);
    expect(sent).toEqual([
      expect.stringMatching(/^BEGIN; EXECUTE s\d+\('7'\)$/),
      expect.stringMatching(/^EXECUTE s\d+\('it''s',NULL\); COMMIT$/),
    ]);
    // The statement's rows, not COMMIT's.
    expect(written[0].command).toMatch(/^EXECUTE/);
    await expect(transaction.query(READ, [1])).rejects.toThrow('the transaction was committed');
  });

  it('sends nothing to commit when no statement ran, and ROLLBACK only after a BEGIN', async () => {
    const { sent, client, runner } = fakeSession();
    await new SessionTransaction(client, runner).commit();
    await new SessionTransaction(client, runner).rollback();
    expect(sent).toEqual([]);
    const failing = new SessionTransaction(client, runner);
    await failing.query(READ, [2]);
    await failing.rollback();
    expect(sent).toEqual(['BEGIN', `${READ} [2]`, 'ROLLBACK']);
    expect(runner.isTransactionActive).toBe(false);
  });

  it('begins before a statement of the TypeORM runner it shares the connection with', async () => {
    const { sent, client, runner } = fakeSession();
    new SessionTransaction(client, runner);
    await runner.query('SELECT 1');
    expect(sent).toEqual(['BEGIN']);
    expect(runner.isTransactionActive).toBe(true);
  });

  it('runs statements asked for at once one after another, and none of them behind COMMIT', async () => {
    const { sent, client, runner } = fakeSession();
    let running = 0;
    let overlapped = false;
    const answer = client.query.bind(client) as (config: unknown) => Promise<unknown>;
    (client as { query: unknown }).query = async (config: unknown) => {
      overlapped ||= running > 0;
      running += 1;
      // Each statement takes a while: the next may start only once it has answered.
      await new Promise((resolve) => setTimeout(resolve, 5));
      running -= 1;
      return answer(config);
    };
    const transaction = new SessionTransaction(client, runner);
    const reads = [transaction.query(READ, [1]), runner.query('SELECT 2'), transaction.query(READ, [3])];
    const committed = transaction.commit();
    const late = transaction.query(READ, [4]);
    await Promise.all([...reads, committed]);
    await expect(late).rejects.toThrow('the transaction was committed');
    expect(overlapped).toBe(false);
    expect(sent).toEqual(['BEGIN', `${READ} [1]`, `${READ} [3]`, 'COMMIT']);
  });
});
