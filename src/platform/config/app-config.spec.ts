import { ConfigError, loadConfig } from './app-config';

describe('HTTP settings', () => {
  it('defaults to closed CORS and Node-like deadlines', () => {
    expect(loadConfig({}).http).toEqual({
      headersTimeoutSeconds: 30,
      requestTimeoutSeconds: 300,
      corsOrigins: [],
      unauthenticatedBodyTimeoutSeconds: 10,
      maxSlowRequestsPerAddress: 256,
      trustedProxies: [],
    });
  });

  it('reads TRUSTED_PROXIES as addresses, ranges and proxy-addr names, and refuses anything else', () => {
    expect(loadConfig({ TRUSTED_PROXIES: '10.0.0.0/8, ::1,loopback' }).http.trustedProxies).toEqual(['10.0.0.0/8', '::1', 'loopback']);
    for (const value of ['nginx', '10.0.0.0/33', '::1/200']) {
      expect(() => loadConfig({ TRUSTED_PROXIES: value })).toThrow(ConfigError);
    }
  });

  it('reads CORS_ORIGINS as a list of origins, trailing slashes dropped', () => {
    expect(loadConfig({ CORS_ORIGINS: 'https://chat.example.com/, http://localhost:3000' }).http.corsOrigins).toEqual([
      'https://chat.example.com',
      'http://localhost:3000',
    ]);
    expect(loadConfig({ CORS_ORIGINS: '*' }).http.corsOrigins).toEqual(['*']);
  });

  it('refuses what is not an origin', () => {
    for (const value of ['chat.example.com', 'https://chat.example.com/path', 'not a url']) {
      expect(() => loadConfig({ CORS_ORIGINS: value })).toThrow(ConfigError);
    }
  });

  it('puts the metrics listener on loopback apart from the API port', () => {
    expect(loadConfig({}).metrics.listener).toEqual({ host: '127.0.0.1', port: 9992 });
    expect(loadConfig({ METRICS_HOST: '0.0.0.0', METRICS_PORT: '9100' }).metrics.listener).toEqual({ host: '0.0.0.0', port: 9100 });
    expect(() => loadConfig({ METRICS_ENABLED: 'true', PORT: '9100', METRICS_PORT: '9100' })).toThrow('METRICS_PORT must differ from PORT (both 9100)');
    expect(loadConfig({ PORT: '9992' }).metrics).toEqual({ enabled: false, listener: { host: '127.0.0.1', port: 9992 } });
    expect(() => loadConfig({ METRICS_PORT: '70000' })).toThrow(ConfigError);
  });

  it('refuses a headers deadline later than the request deadline', () => {
    expect(() => loadConfig({ HTTP_HEADERS_TIMEOUT_SECONDS: '60', HTTP_REQUEST_TIMEOUT_SECONDS: '30' })).toThrow(
      'HTTP_HEADERS_TIMEOUT_SECONDS (60) must not exceed HTTP_REQUEST_TIMEOUT_SECONDS (30)',
    );
  });
});

describe('issue 33 item 1: EXTERNAL_HOST and EXTERNAL_URI_SCHEME', () => {
  it('defaults to https:// for a public host name, with or without a port', () => {
    for (const host of ['chat.example.com', 'Chat.Example.com:8443', '203.0.113.7', '[2001:db8::1]:443']) {
      expect(loadConfig({ EXTERNAL_HOST: host }).server.externalUriScheme).toBe('https://');
    }
  });

  it('defaults to http:// for localhost, a loopback address and a name without a dot', () => {
    expect(loadConfig({}).server).toMatchObject({ externalHost: 'localhost:9991', externalUriScheme: 'http://' });
    for (const host of ['localhost', 'localhost:9991', '127.0.0.1', '127.0.0.2:8080', '[::1]:9991', 'chat', 'devbox:9991']) {
      expect(loadConfig({ EXTERNAL_HOST: host }).server.externalUriScheme).toBe('http://');
    }
  });

  it('takes EXTERNAL_URI_SCHEME over the default, and refuses any other value', () => {
    expect(loadConfig({ EXTERNAL_HOST: 'localhost:9991', EXTERNAL_URI_SCHEME: 'https://' }).server.externalUriScheme).toBe('https://');
    expect(loadConfig({ EXTERNAL_HOST: 'chat.example.com', EXTERNAL_URI_SCHEME: 'HTTP://' }).server.externalUriScheme).toBe('http://');
    for (const value of ['https', 'ftp://', 'https:/']) {
      expect(() => loadConfig({ EXTERNAL_URI_SCHEME: value })).toThrow(ConfigError);
      expect(() => loadConfig({ EXTERNAL_URI_SCHEME: value })).toThrow(/^EXTERNAL_URI_SCHEME /);
    }
  });

  it('refuses an EXTERNAL_HOST that carries a scheme or a path, naming the variable', () => {
    for (const value of ['http://chat.example.com', 'https://chat.example.com:443', 'chat.example.com/chat', 'chat.example.com/', 'user@chat.example.com', 'chat example.com']) {
      expect(() => loadConfig({ EXTERNAL_HOST: value })).toThrow(ConfigError);
      expect(() => loadConfig({ EXTERNAL_HOST: value })).toThrow(/^EXTERNAL_HOST /);
    }
    expect(loadConfig({ EXTERNAL_HOST: 'Chat.Example.com:8443' }).server).toMatchObject({ externalHost: 'chat.example.com:8443', externalHostName: 'chat.example.com' });
  });
});

describe('issue 36 item 2: connection URLs', () => {
  it('takes the forms the drivers read', () => {
    expect(loadConfig({ DATABASE_URL: 'postgres:///chat?host=/run/postgresql' }).database.url).toBe('postgres:///chat?host=/run/postgresql');
    expect(loadConfig({ DATABASE_URL: 'postgresql://chat:pw@db:5432/chat' }).database.url).toBe('postgresql://chat:pw@db:5432/chat');
    expect(loadConfig({ REDIS_URL: 'rediss://:pw@cache:6380/2' }).redis.url).toBe('rediss://:pw@cache:6380/2');
    expect(loadConfig({ SMTP_URL: 'smtps://user:pw@mail.example.com:465' }).mail.smtpUrl).toBe('smtps://user:pw@mail.example.com:465');
    expect(loadConfig({ SMTP_URL: '' }).mail.smtpUrl).toBeUndefined();
  });

  it('names the variable and never repeats the value', () => {
    expect(() => loadConfig({ SMTP_URL: 'smtp://' })).toThrow('SMTP_URL must name a host (smtp:// or smtps://host:port)');
    expect(() => loadConfig({ DATABASE_URL: 'mysql://root:hunter2@db/chat' })).toThrow(/^DATABASE_URL must be a postgres:\/\/ or postgresql:\/\/ URL \(got a mysql: URL\)$/);
  });
});

describe("the push notification service's URL", () => {
  it("takes ZULIP_SERVICES_URL, then Zulip's older PUSH_NOTIFICATION_BOUNCER_URL, then Zulip's service", () => {
    expect(loadConfig({}).push.servicesUrl).toBe('https://push.zulipchat.com');
    expect(loadConfig({ PUSH_NOTIFICATION_BOUNCER_URL: 'https://bouncer.example.org' }).push.servicesUrl).toBe('https://bouncer.example.org');
    // Set but empty is unset, as for every variable.
    expect(loadConfig({ ZULIP_SERVICES_URL: ' ', PUSH_NOTIFICATION_BOUNCER_URL: 'http://127.0.0.1:9000' }).push.servicesUrl).toBe('http://127.0.0.1:9000');
    expect(loadConfig({ ZULIP_SERVICES_URL: 'https://services.example.org', PUSH_NOTIFICATION_BOUNCER_URL: 'https://bouncer.example.org' }).push.servicesUrl).toBe(
      'https://services.example.org',
    );
  });

  it('refuses a PUSH_NOTIFICATION_BOUNCER_URL that is not an http(s) URL with a host, naming it', () => {
    expect(() => loadConfig({ PUSH_NOTIFICATION_BOUNCER_URL: 'push.zulipchat.com' })).toThrow(/^PUSH_NOTIFICATION_BOUNCER_URL must be a https:\/\/ or http:\/\/ URL/);
    expect(() => loadConfig({ PUSH_NOTIFICATION_BOUNCER_URL: 'ftp://push.zulipchat.com' })).toThrow('PUSH_NOTIFICATION_BOUNCER_URL must be a https:// or http:// URL (got a ftp: URL)');
    expect(() => loadConfig({ PUSH_NOTIFICATION_BOUNCER_URL: 'ftp://push.zulipchat.com' })).toThrow(ConfigError);
  });
});
