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
    expect(() => loadConfig({ PORT: '9100', METRICS_PORT: '9100' })).toThrow('METRICS_PORT must differ from PORT (both 9100)');
    expect(() => loadConfig({ METRICS_PORT: '70000' })).toThrow(ConfigError);
  });

  it('refuses a headers deadline later than the request deadline', () => {
    expect(() => loadConfig({ HTTP_HEADERS_TIMEOUT_SECONDS: '60', HTTP_REQUEST_TIMEOUT_SECONDS: '30' })).toThrow(
      'HTTP_HEADERS_TIMEOUT_SECONDS (60) must not exceed HTTP_REQUEST_TIMEOUT_SECONDS (30)',
    );
  });
});
