import { str } from '../json-schema';
import { OperationTable, success } from '../operation-doc';

/** Video calls. */
export const CALL_OPERATIONS: OperationTable = {
  'GET /api/v1/calls/bigbluebutton/create': success(
    'A signed join link (`/calls/bigbluebutton/join?bigbluebutton=...`) for a new BigBlueButton meeting named `meeting_name`, '
      + 'the caller its moderator; `voice_only` disables cameras. Answered whether BigBlueButton is configured or not, as Zulip does.',
    { url: str },
  ),
};
