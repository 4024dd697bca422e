import { ApiError } from '../../shared/api-error';
import {
  checkDeletable,
  checkExportRequest,
  EXPORT_LIMIT,
  ExportRequestFacts,
  ExportStatus,
  ExportType,
  MAX_MESSAGE_HISTORY,
  parseExportPath,
  RealmExportRecord,
  realmExportsWire,
} from './realm-exports';

const facts = (overrides: Partial<ExportRequestFacts> = {}): ExportRequestFacts => ({
  exportsInWindow: 0,
  messageEstimate: 10,
  uploadBytes: 0,
  owners: [{ consented: true, emailAddressVisibility: 3 }],
  ...overrides,
});

function refusal(run: () => void): string {
  try {
    run();
  } catch (error) {
    if (error instanceof ApiError) return error.message;
    throw error;
  }
  return 'accepted';
}

const record = (overrides: Partial<RealmExportRecord>): RealmExportRecord => ({
  id: 1,
  realmId: 2,
  actingUserId: 3,
  type: ExportType.Public,
  status: ExportStatus.Succeeded,
  dateRequested: new Date(1_700_000_000_500),
  dateFailed: null,
  dateDeleted: null,
  exportPath: '2/abc/zulip-export-x.tar.gz',
  ...overrides,
});

describe("Zulip's export request checks", () => {
  it('takes the rate limit first, then the size, then the owners', () => {
    const support = 'admin@example.com';
    expect(refusal(() => checkExportRequest(ExportType.Public, facts({ exportsInWindow: EXPORT_LIMIT, messageEstimate: MAX_MESSAGE_HISTORY + 1 }), support)))
      .toBe('Exceeded rate limit.');
    expect(refusal(() => checkExportRequest(ExportType.Public, facts({ exportsInWindow: EXPORT_LIMIT - 1, messageEstimate: MAX_MESSAGE_HISTORY + 1 }), support)))
      .toBe('Please request a manual export from admin@example.com.');
    expect(refusal(() => checkExportRequest(ExportType.FullWithConsent, facts({ owners: [{ consented: false, emailAddressVisibility: 1 }] }), support)))
      .toBe('Make sure at least one Organization Owner is consenting to the export or contact admin@example.com for help.');
    expect(refusal(() => checkExportRequest(ExportType.Public, facts({ owners: [{ consented: true, emailAddressVisibility: 4 }] }), support)))
      .toBe('Make sure at least one Organization Owner allows other Administrators to see their email address or contact admin@example.com for help');
    expect(refusal(() => checkExportRequest(ExportType.FullWithConsent, facts(), support))).toBe('accepted');
  });

  it('deletes only finished exports', () => {
    expect(refusal(() => checkDeletable(null))).toBe('Invalid data export ID');
    expect(refusal(() => checkDeletable(record({ status: ExportStatus.Deleted })))).toBe('Export already deleted');
    expect(refusal(() => checkDeletable(record({ status: ExportStatus.Failed })))).toBe('Export failed, nothing to delete');
    expect(refusal(() => checkDeletable(record({ status: ExportStatus.Requested })))).toBe('Export still in progress');
    expect(refusal(() => checkDeletable(record({ status: ExportStatus.Started })))).toBe('Export still in progress');
    expect(refusal(() => checkDeletable(record({})))).toBe('accepted');
  });
});

describe('the RealmExport objects', () => {
  it('shows a URL only for a finished archive, and leaves out exports nobody asked for', () => {
    const wire = realmExportsWire(
      [
        record({ id: 4, status: ExportStatus.Deleted, dateDeleted: new Date(1_700_000_100_000) }),
        record({ id: 3, status: ExportStatus.Started, exportPath: null }),
        record({ id: 2 }),
        record({ id: 5, actingUserId: null }),
      ],
      (path) => `https://chat.example.com/user_avatars/exports/${path}`,
    );
    expect(wire).toEqual([
      {
        id: 2, acting_user_id: 3, export_time: 1_700_000_000.5, deleted_timestamp: null, failed_timestamp: null,
        export_url: 'https://chat.example.com/user_avatars/exports/2/abc/zulip-export-x.tar.gz', pending: false, export_type: 1,
      },
      { id: 3, acting_user_id: 3, export_time: 1_700_000_000.5, deleted_timestamp: null, failed_timestamp: null, export_url: null, pending: true, export_type: 1 },
      { id: 4, acting_user_id: 3, export_time: 1_700_000_000.5, deleted_timestamp: 1_700_000_100, failed_timestamp: null, export_url: null, pending: false, export_type: 1 },
    ]);
  });

  it('reads only a realm id, a random folder and an archive name from a download path', () => {
    expect(parseExportPath('2/abc_-9/zulip-export-x.tar.gz')).toEqual({ realmId: 2, exportPath: '2/abc_-9/zulip-export-x.tar.gz' });
    for (const bad of ['2/../x.tar.gz', '2/abc/x.zip', 'x/abc/y.tar.gz', '2/abc/def/y.tar.gz', '2/abc']) expect(parseExportPath(bad)).toBeNull();
  });
});
