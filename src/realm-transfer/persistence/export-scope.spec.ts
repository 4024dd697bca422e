import { ARCHIVE_TABLES } from './archive-tables';
import { ExportType } from '../domain/realm-exports';
import { API_EXPORT_SCOPE, exportScopeGaps, IMPORT_REFILLS, omittedColumnGaps, scopedSelect } from './export-scope';

describe('what an API export holds of each table', () => {
  it('decides on every archived table, and names no other', () => {
    expect(exportScopeGaps()).toEqual([]);
    expect(exportScopeGaps([{ name: 'new_table' }])).toEqual(['new_table']);
    const archived = new Set(ARCHIVE_TABLES.map((table) => table.name));
    expect(Object.keys(API_EXPORT_SCOPE).filter((name) => !archived.has(name))).toEqual([]);
  });

  it('never exports a secret column or a table of secrets', () => {
    const table = (name: string) => ARCHIVE_TABLES.find((entry) => entry.name === name)!;
    for (const type of [ExportType.Public, ExportType.FullWithConsent]) {
      expect(scopedSelect(table('user_profile'), type)?.omit).toEqual(['api_key', 'password_hash']);
      expect(scopedSelect(table('service'), type)?.omit).toEqual(['token']);
      for (const name of ['push_device_token', 'email_change_status', 'channel_email_address', 'bot_config_data', 'draft']) {
        expect(scopedSelect(table(name), type)).toBeNull();
      }
    }
  });

  it('has no scheduled messages in a public export, and only consenting senders\' in a full one', () => {
    const table = ARCHIVE_TABLES.find((entry) => entry.name === 'scheduled_message')!;
    expect(scopedSelect(table, ExportType.Public)).toBeNull();
    expect(scopedSelect(table, ExportType.FullWithConsent)?.select).toContain('allow_private_data_export');
  });

  it('says what an import gives every column an export omits: new keys and tokens, no password', () => {
    expect(omittedColumnGaps()).toEqual([]);
    const key = IMPORT_REFILLS.user_profile.api_key();
    expect(key).toMatch(/^[A-Za-z0-9]{32}$/);
    expect(IMPORT_REFILLS.user_profile.api_key()).not.toBe(key);
    expect(IMPORT_REFILLS.user_profile.password_hash()).toBeNull();
    expect(IMPORT_REFILLS.service.token()).toMatch(/^[A-Za-z0-9]{32}$/);
  });
});
