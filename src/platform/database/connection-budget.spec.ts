import { connectionBudgetWarning, poolApplicationName } from './connection-budget';

describe('connectionBudgetWarning', () => {
  const own = poolApplicationName(20);
  const limits = { maxConnections: 100, reserved: 3 };

  it('is silent while every process pool and the other clients fit', () => {
    expect(connectionBudgetWarning(own, 20, limits, [{ name: own, connections: 4 }])).toBeNull();
    const other = 'team-chat 0badcafe pool=40';
    expect(connectionBudgetWarning(own, 20, limits, [{ name: other, connections: 3 }, { name: 'psql', connections: 2 }, { name: own, connections: 2 }])).toBeNull();
  });

  it('warns once the pools of the processes can ask for more than max_connections takes', () => {
    const warning = connectionBudgetWarning(own, 40, limits, [
      { name: 'team-chat 0badcafe pool=40', connections: 5 },
      { name: 'team-chat 1badcafe pool=20', connections: 30 },
      { name: '', connections: 2 },
      { name: own, connections: 3 },
    ]);
    expect(warning).toBe(
      'database connections: DATABASE_POOL_SIZE 40 here, 70 in the pools of 2 other server processes and 2 held by other ' +
        'clients make 112, more than the 97 PostgreSQL allows (max_connections 100, 3 reserved for superusers): requests that ' +
        'need a new connection beyond it get 503; lower DATABASE_POOL_SIZE or raise max_connections',
    );
  });

  it('warns for a single pool larger than the database allows', () => {
    expect(connectionBudgetWarning(poolApplicationName(500), 500, limits, [])).toContain('DATABASE_POOL_SIZE 500 here');
  });
});
