import { ConfigError, loadConfig } from './app-config';

describe('mail settings', () => {
  it('issue 33 item 7: reads MAIL_OUTBOX_RETENTION_DAYS, 30 days unless set, from a day to a century', () => {
    expect(loadConfig({}).mail.outboxRetentionDays).toBe(30);
    expect(loadConfig({ MAIL_OUTBOX_RETENTION_DAYS: '7' }).mail.outboxRetentionDays).toBe(7);
    for (const value of ['0', '-1', 'week', '36501']) {
      expect(() => loadConfig({ MAIL_OUTBOX_RETENTION_DAYS: value })).toThrow(ConfigError);
    }
  });
});
