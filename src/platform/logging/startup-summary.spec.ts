import { DatabaseSettings, ServerSettings } from '../config/settings';
import { describeStorage, startupSummary, withoutPassword } from './startup-summary';

function storage(dataDir: string, url: string | undefined, redisUrl: string | undefined): { database: DatabaseSettings; redis: { url: string | undefined; deploymentId: undefined } } {
  return { database: { url, embedded: url === undefined, dataDir, poolSize: 20, oneShot: false }, redis: { url: redisUrl, deploymentId: undefined } };
}

describe('the start-up summary', () => {
  it('drops passwords from connection URLs', () => {
    expect(withoutPassword('postgres://chat:s3cret@postgres:5432/chat')).toBe('postgres://chat@postgres:5432/chat');
    expect(withoutPassword('redis://:s3cret@redis:6379/2')).toBe('redis://redis:6379/2');
    expect(withoutPassword('postgres://chat@db/chat?sslmode=require&password=s3cret')).toBe('postgres://chat@db/chat?sslmode=require');
    expect(withoutPassword('not a url s3cret')).toBe('(unreadable URL)');
  });

  it('names the storage', () => {
    expect(describeStorage(storage('/srv/data', undefined, undefined))).toBe('embedded at /srv/data');
    expect(describeStorage(storage('/d', 'postgres://u:pw@h/db', 'redis://:pw@r:6379'))).toBe('PostgreSQL postgres://u@h/db + Redis redis://r:6379');
    expect(describeStorage(storage('/d', 'postgres://u:pw@h/db', undefined))).toBe('PostgreSQL postgres://u@h/db, event queues in this process');
  });

  it('says where clients reach the server, the realms, and where the credentials are', () => {
    const server = { port: 9991, externalHost: 'chat.example.com', externalUriScheme: 'https://' } as ServerSettings;
    const config = { server, ...storage('/data', undefined, undefined) };
    expect(startupSummary(config, { realms: 3, ownerCredentials: '/data/zuliprc' })).toEqual({
      msg: 'listening on port 9991',
      fields: {
        context: 'main',
        url: 'https://chat.example.com',
        storage: 'embedded at /data',
        realms: 3,
        root_realm: 'chat.example.com',
        owner_credentials: '/data/zuliprc',
      },
    });
    expect(startupSummary(config, { realms: 1, ownerCredentials: undefined }).fields).not.toHaveProperty('owner_credentials');
  });
});
