import { int } from '../json-schema';
import { OperationTable, success } from '../operation-doc';

/** Code playgrounds (administrators); the list comes with register's `realm_playgrounds`. */
export const REALM_PLAYGROUND_OPERATIONS: OperationTable = {
  'POST /api/v1/realm/playgrounds': success(
    'Add a code playground (administrators): a `name`, a `pygments_language` and a `url_template` whose one variable is `code`.',
    { id: int },
  ),
  'DELETE /api/v1/realm/playgrounds/{playground_id}': success('Remove a code playground (administrators).'),
};
