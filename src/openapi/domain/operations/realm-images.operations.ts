import { bool, str } from '../json-schema';
import { OperationTable, success } from '../operation-doc';
import { binaryFile } from './handler-read-params';

const night = { ...bool, description: 'The dark theme\'s logo (true) or the light theme\'s (false).' };

/** The realm's icon and logos (not in Zulip's OpenAPI document: zerver/views/realm_icon.py, realm_logo.py). */
export const REALM_IMAGE_OPERATIONS: OperationTable = {
  'POST /api/v1/realm/icon': {
    ...success('Upload the organization\'s icon (administrators; the request\'s one file, multipart). Answers its URL.', { icon_url: str }),
    form: { file: binaryFile },
  },
  'DELETE /api/v1/realm/icon': success('Go back to the default icon (administrators). Answers its URL.', { icon_url: str }),
  'POST /api/v1/realm/logo': {
    ...success('Upload the organization\'s logo for the light or the dark theme (administrators; the request\'s one file, multipart).'),
    form: { file: binaryFile, night },
  },
  'DELETE /api/v1/realm/logo': { ...success('Go back to the default logo for the light or the dark theme (administrators).'), form: { night } },
};
