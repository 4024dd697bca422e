import { isStorageUnavailable, serviceUnavailable } from './service-unavailable';

describe('isStorageUnavailable', () => {
  it('recognizes a database or Redis that cannot be reached', () => {
    const refused = Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' });
    expect(isStorageUnavailable(refused)).toBe(true);
    expect(isStorageUnavailable(new Error('Connection terminated unexpectedly'))).toBe(true);
    expect(isStorageUnavailable(new Error('Connection is closed.'))).toBe(true);
    const retries = Object.assign(new Error('Reached the max retries per request limit'), { name: 'MaxRetriesPerRequestError' });
    expect(isStorageUnavailable(retries)).toBe(true);
    // TypeORM's QueryFailedError keeps the driver's error (here pg_terminate_backend's).
    const terminated = Object.assign(new Error('terminating connection due to administrator command'), { code: '57P01' });
    expect(isStorageUnavailable(Object.assign(new Error(terminated.message), { driverError: terminated }))).toBe(true);
    expect(isStorageUnavailable(Object.assign(new Error('the database system is starting up'), { code: '57P03' }))).toBe(true);
    expect(isStorageUnavailable(Object.assign(new Error('connection failure'), { code: '08006' }))).toBe(true);
  });

  it('recognizes a database that refuses more connections, and a pool that timed out waiting for one (issue 41)', () => {
    // What pg's pool rejects with when max_connections, or a role's CONNECTION LIMIT, is reached.
    expect(isStorageUnavailable(Object.assign(new Error('sorry, too many clients already'), { code: '53300' }))).toBe(true);
    const forRole = Object.assign(new Error('too many connections for role "chat"'), { code: '53300' });
    expect(isStorageUnavailable(Object.assign(new Error(forRole.message), { driverError: forRole }))).toBe(true);
    expect(isStorageUnavailable(new Error('timeout exceeded when trying to connect'))).toBe(true);
    expect(isStorageUnavailable(new Error('Connection terminated due to connection timeout'))).toBe(true);
    // Other resource shortages are not a database that is away.
    expect(isStorageUnavailable(Object.assign(new Error('could not extend file'), { code: '53100' }))).toBe(false);
  });

  it('leaves other failures alone', () => {
    expect(isStorageUnavailable(new Error('boom'))).toBe(false);
    expect(isStorageUnavailable(Object.assign(new Error('duplicate key'), { code: '23505' }))).toBe(false);
    expect(isStorageUnavailable(Object.assign(new Error('could not serialize access'), { code: '40001' }))).toBe(false);
    expect(isStorageUnavailable(null)).toBe(false);
    expect(isStorageUnavailable('Connection is closed.')).toBe(false);
  });

  it('is answered as a 503 in the error envelope', () => {
    expect(serviceUnavailable()).toMatchObject({ status: 503, code: 'SERVICE_UNAVAILABLE' });
  });
});
