import { CHANNEL_GUIDES } from './channels.guide';
import { MESSAGE_GUIDES } from './messages.guide';
import { ORGANIZATION_GUIDES } from './organization.guide';
import { PAGE_GUIDES } from './pages.guide';
import { OperationGuides } from './tags';
import { USER_GUIDES } from './users.guide';

/** Every operation's topic and description, keyed `METHOD /path/{template}`. */
export const OPERATION_GUIDES: OperationGuides = {
  ...MESSAGE_GUIDES,
  ...CHANNEL_GUIDES,
  ...USER_GUIDES,
  ...ORGANIZATION_GUIDES,
  ...PAGE_GUIDES,
};
