import { arr, bool, int, nullable, num, obj, str } from '../json-schema';
import { OperationTable, rawOperation, success } from '../operation-doc';

/** Zulip's RealmExport schema. */
export const REALM_EXPORT = obj({
  id: int,
  acting_user_id: int,
  export_time: num,
  deleted_timestamp: nullable(num),
  failed_timestamp: nullable(num),
  export_url: nullable(str),
  pending: bool,
  export_type: int,
});

/** Data exports of the organization (administrators). */
export const REALM_EXPORT_OPERATIONS: OperationTable = {
  'GET /api/v1/export/realm': success('The organization\'s data exports, oldest first (administrators).', { exports: arr(REALM_EXPORT) }),
  'POST /api/v1/export/realm': success(
    'Start a data export (administrators): `export_type` 1 for public data (the default), 2 for a full export of the members who consent. '
      + 'At most 5 in 7 days; it is written in the background and announced by a `realm_export` event with its `export_url`.',
    { id: int },
  ),
  'DELETE /api/v1/export/realm/{export_id}': success('Delete a finished data export and its archive (administrators).'),
  'GET /api/v1/export/realm/consents': success(
    'Whether each active member lets administrators export their private data (`allow_private_data_export`).',
    { export_consents: arr(obj({ user_id: int, consented: bool })) },
  ),
  'GET /user_avatars/exports/{wildcard_path}': rawOperation('A data export\'s archive (`export_url`), for the administrators of its organization.', {
    '200': { description: 'The archive, a gzipped tarball.', contentType: 'application/gzip' },
    '404': { description: 'No such export (or another organization\'s).', contentType: 'text/html' },
  }),
};
