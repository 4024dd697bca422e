import type { OperationExamples } from '../example';
import { CHANNEL_EXAMPLES } from './channels.examples';
import { MESSAGE_EXAMPLES } from './messages.examples';
import { ORGANIZATION_EXAMPLES } from './organization.examples';
import { USER_EXAMPLES } from './users.examples';

/** Request and answer examples, keyed `METHOD /path/{template}`; `test/openapi-docs.spec.ts` checks them against the document. */
export const OPERATION_EXAMPLES: OperationExamples = {
  ...MESSAGE_EXAMPLES,
  ...CHANNEL_EXAMPLES,
  ...USER_EXAMPLES,
  ...ORGANIZATION_EXAMPLES,
};
