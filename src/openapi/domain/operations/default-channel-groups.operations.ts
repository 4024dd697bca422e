import { OperationTable, success } from '../operation-doc';

/**
 * Default channel groups (administrators; not in Zulip's OpenAPI document: the views are in
 * zerver/views/streams.py). The list comes with register's `realm_default_stream_groups`.
 */
export const DEFAULT_CHANNEL_GROUP_OPERATIONS: OperationTable = {
  'POST /api/v1/default_stream_groups/create': success(
    'Create a default channel group (administrators): `group_name`, `description` and `stream_names`, a JSON list of channels none of which is a default channel.',
  ),
  'PATCH /api/v1/default_stream_groups/{group_id}': success('Rename a default channel group or change its description (`new_group_name`, `new_description`).'),
  'PATCH /api/v1/default_stream_groups/{group_id}/streams': success('Add channels to a default channel group or remove them (`op`: `add` or `remove`; `stream_names`).'),
  'DELETE /api/v1/default_stream_groups/{group_id}': success('Delete a default channel group.'),
};
