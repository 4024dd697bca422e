import { OperationTable } from '../operation-doc';
import { CALL_OPERATIONS } from './calls.operations';
import { CHANNEL_OPERATIONS } from './channels.operations';
import { DEFAULT_CHANNEL_GROUP_OPERATIONS } from './default-channel-groups.operations';
import { INVITE_OPERATIONS } from './invites.operations';
import { MESSAGE_OPERATIONS } from './messages.operations';
import { OBSERVABILITY_OPERATIONS } from './observability.operations';
import { PUSH_DEVICE_OPERATIONS } from './push-devices.operations';
import { RAW_OPERATIONS } from './raw.operations';
import { REALM_OPERATIONS } from './realm.operations';
import { REALM_DOMAIN_OPERATIONS } from './realm-domains.operations';
import { REALM_IMAGE_OPERATIONS } from './realm-images.operations';
import { REALM_EXPORT_OPERATIONS } from './realm-exports.operations';
import { REALM_PLAYGROUND_OPERATIONS } from './realm-playgrounds.operations';
import { SAVED_SNIPPET_OPERATIONS } from './saved-snippets.operations';
import { SCHEDULED_MESSAGE_OPERATIONS } from './scheduled-messages.operations';
import { USER_OPERATIONS } from './users.operations';

/** Every operation's summary and responses, keyed `METHOD /path/{template}`. */
export const OPERATIONS: OperationTable = {
  ...MESSAGE_OPERATIONS,
  ...CHANNEL_OPERATIONS,
  ...USER_OPERATIONS,
  ...REALM_OPERATIONS,
  ...SAVED_SNIPPET_OPERATIONS,
  ...INVITE_OPERATIONS,
  ...SCHEDULED_MESSAGE_OPERATIONS,
  ...REALM_PLAYGROUND_OPERATIONS,
  ...REALM_DOMAIN_OPERATIONS,
  ...REALM_IMAGE_OPERATIONS,
  ...REALM_EXPORT_OPERATIONS,
  ...DEFAULT_CHANNEL_GROUP_OPERATIONS,
  ...CALL_OPERATIONS,
  ...PUSH_DEVICE_OPERATIONS,
  ...RAW_OPERATIONS,
  ...OBSERVABILITY_OPERATIONS,
};
