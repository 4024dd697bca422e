import { BotType } from '../../shared/roles';
import { botEmail, checkBotType, checkCanCreateBot, checkConfigData, checkConfigSize, checkInterfaceType, checkUrl } from './bot-rules';

describe('bot rules', () => {
  it('makes the bot address from the short name and the realm host', () => {
    expect(botEmail(' helper ', 'acme.chat.example')).toEqual({ shortName: 'helper', email: 'helper-bot@acme.chat.example' });
    for (const bad of ['', '   ', 'a b', 'a@b', '.dot', 'dot.', 'a..b']) {
      expect(() => botEmail(bad, 'acme.chat.example')).toThrow('Bad name or username');
    }
  });

  it('knows the four bot types and the two service interfaces', () => {
    expect(checkBotType(3)).toBe(BotType.OutgoingWebhook);
    expect(() => checkBotType(5)).toThrow('Invalid bot type');
    expect(checkInterfaceType(2)).toBe(2);
    expect(() => checkInterfaceType(0)).toThrow('Invalid interface type');
  });

  it('accepts absolute http(s) and ftp(s) URLs with a host', () => {
    expect(checkUrl('payload_url', 'https://example.com/hook?x=1')).toBe('https://example.com/hook?x=1');
    expect(checkUrl('payload_url', 'http://localhost:8080/')).toBe('http://localhost:8080/');
    for (const bad of ['', 'example.com', 'javascript:alert(1)', 'https://', 'http:/example.com', 'https://exa mple.com', 'mailto:a@b.c']) {
      expect(() => checkUrl('payload_url', bad)).toThrow('payload_url is not a URL');
    }
    expect(() => checkUrl('payload_url', 42)).toThrow('payload_url is not a string');
  });

  it('takes configuration as a map of strings, within the size limit', () => {
    expect(checkConfigData({ key: 'value' })).toEqual({ key: 'value' });
    expect(() => checkConfigData(['x'])).toThrow('config_data is not a dict');
    expect(() => checkConfigData({ key: 1 })).toThrow('config_data["key"] is not a string');
    expect(() => checkConfigSize({ key: 'x'.repeat(9_997) })).not.toThrow();
    expect(() => checkConfigSize({ key: 'x'.repeat(9_998) })).toThrow(
      'Cannot store configuration. Request would require 10001 characters. The current configuration size limit is 10000 characters.',
    );
  });

  it('lets the write-only bot group create incoming webhooks only', () => {
    expect(() => checkCanCreateBot(BotType.Generic, true, false)).not.toThrow();
    expect(() => checkCanCreateBot(BotType.IncomingWebhook, false, true)).not.toThrow();
    expect(() => checkCanCreateBot(BotType.Generic, false, true)).toThrow('Insufficient permission');
    expect(() => checkCanCreateBot(BotType.IncomingWebhook, false, false)).toThrow('Insufficient permission');
  });
});
