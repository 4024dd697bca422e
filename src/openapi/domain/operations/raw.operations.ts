import { arr, mapOf, obj, str } from '../json-schema';
import { OperationTable, rawOperation, redirectResponse, ResponseDoc } from '../operation-doc';

const html = (description: string): ResponseDoc => ({ description, contentType: 'text/html' });
const file: ResponseDoc = { description: 'The file, with its own content type.', contentType: '*/*' };
/** Any page's answer to a path parameter holding a NUL or bytes that are not UTF-8. */
const malformedPage = html('The address is malformed: a NUL, or bytes that are not UTF-8.');
const refusedFile: Record<string, ResponseDoc> = { '403': html('Not allowed to read the file.'), '404': html('No such file.') };

/** Routes outside the JSON envelope: pages, files, redirects, and this document. */
export const RAW_OPERATIONS: OperationTable = {
  'GET /': rawOperation('The web app for a browser signed in by its session cookie (the page carries the session\'s CSRF token), else a redirect to the log-in page.', {
    '200': html('The web app (or, where it is not built, a page naming who is signed in).'),
    '302': redirectResponse,
  }),
  'GET /login': rawOperation('The log-in page (email and password); a browser already signed in goes to the web app.', {
    '200': html('The form.'),
    '302': redirectResponse,
  }),
  'POST /login': rawOperation('Signs in with an email and password (attempts counted as `fetch_api_key` counts them) and sets the session cookie.', {
    '200': html('The form again with what is wrong (wrong password, deactivated account or organization).'),
    '302': { description: 'Signed in (the `sessionid` cookie set): to the web app.', contentType: '*/*' },
    '403': html('The form\'s CSRF token is missing or wrong.'),
    '429': html('Too many password attempts on the account.'),
  }),
  'POST /accounts/logout': rawOperation('Ends the browser\'s session (the form\'s CSRF token, or the session\'s in `X-CSRFToken`) and clears its cookie.', {
    '302': { description: 'To the log-in page.', contentType: '*/*' },
    '403': html('No valid CSRF token.'),
  }),
  'GET /api/v1/openapi.json': rawOperation('This OpenAPI document.', { '200': { description: 'The document.', schema: { type: 'object' } } }),
  'GET /api/v1/docs': rawOperation('A page to browse this document.', { '200': html('The page.') }),
  'GET /api/v1/docs/swagger-ui.css': rawOperation('The browsing page\'s stylesheet.', { '200': { description: 'Stylesheet.', contentType: 'text/css' } }),
  'GET /api/v1/docs/swagger-ui-bundle.js': rawOperation('The browsing page\'s script.', { '200': { description: 'Script.', contentType: 'application/javascript' } }),
  'GET /api/v1/docs/init.js': rawOperation('Starts the browsing page (kept out of the page, which allows no inline script).', { '200': { description: 'Script.', contentType: 'application/javascript' } }),
  'GET /avatar/{user}': rawOperation('Redirect to a user\'s avatar (by id or email).', { '302': redirectResponse }),
  'GET /avatar/{user}/medium': rawOperation('Redirect to a user\'s large avatar.', { '302': redirectResponse }),
  'GET /static/images/unknown-user-avatar.png': rawOperation('The picture shown for users one may not see.', { '200': { description: 'PNG image.', contentType: 'image/png' } }),
  'GET /static/generated/emoji/emoji_api.json': rawOperation('The Unicode emoji the server accepts (register\'s `server_emoji_data_url`).', {
    '200': { description: 'Emoji codes and their names.', schema: obj({ code_to_names: mapOf(arr(str)) }) },
  }),
  'GET /static/generated/emoji/images-google-64/{file}': rawOperation('A Unicode emoji\'s image by `emoji_code` (`1f44d.png`), or `zulip.png`.', { '200': { description: 'PNG image.', contentType: 'image/png' } }),
  'GET /static/generated/emoji/images/emoji/unicode/{file}': rawOperation('A Unicode emoji\'s image by `emoji_code`, or `zulip.png` (the older path).', { '200': { description: 'PNG image.', contentType: 'image/png' } }),
  'GET /static/generated/emoji/images/emoji/{file}': rawOperation('A Unicode emoji\'s image by name (`+1.png`), or `zulip.png`.', { '200': { description: 'PNG image.', contentType: 'image/png' } }),
  'GET /static/generated/emoji/sheet-google-64.png': rawOperation('The sprite sheet of the Unicode emoji images.', { '200': { description: 'PNG image.', contentType: 'image/png' } }),
  'GET /user_uploads/{wildcard_path}': rawOperation('An uploaded file.', { '200': file, ...refusedFile }),
  'GET /user_uploads/thumbnail/{wildcard_path}': rawOperation('A thumbnail of an uploaded image, in a format of `server_thumbnail_formats`.', {
    '200': { description: 'The thumbnail.', contentType: 'image/*' },
    ...refusedFile,
  }),
  'GET /static/images/loading/loader-black.svg': rawOperation('The spinner image previews show until their thumbnail exists.', {
    '200': { description: 'SVG image.', contentType: 'image/svg+xml' },
  }),
  'GET /user_uploads/download/{wildcard_path}': rawOperation('An uploaded file, as a download.', { '200': file, ...refusedFile }),
  'GET /user_uploads/temporary/{wildcard_path}': rawOperation('An uploaded file through a temporary link (no credentials).', { '200': file, ...refusedFile }),
  'GET /user_avatars/{wildcard_path}': rawOperation('An avatar or custom emoji image (no credentials).', { '200': { description: 'The image.', contentType: 'image/*' } }),
  'GET /external_content/{digest}/{hexUrl}': rawOperation('An external image of a message through the image proxy (no credentials: the signature is the permission).', {
    '200': { description: 'The image (PNG, JPEG, GIF, WebP, AVIF, BMP or ICO).', contentType: 'image/*' },
    '403': { description: 'The address is not one the server signed (error envelope).', contentType: 'application/json' },
    '404': { description: 'The image could not be fetched, is not a raster image or is too large (error envelope).', contentType: 'application/json' },
  }),
  'GET /accounts/confirm_new_email/{key}': rawOperation('Confirm an email address change (the link mailed to the new address).', {
    '200': html('The change is done.'),
    '4XX': html('The link is invalid or expired.'),
  }),
  'GET /static/webapp/{file}': rawOperation('A file of the web app (scripts, styles), named by its content\'s hash: cacheable for a year.', {
    '200': { description: 'The file, with its own content type.', contentType: '*/*' },
  }),
  'GET /static/pages.css': rawOperation('The stylesheet of the server\'s pages.', { '200': { description: 'Stylesheet.', contentType: 'text/css' } }),
  'GET /accounts/password/reset': rawOperation('The page asking for a password reset link (the email address).', { '200': html('The form.') }),
  'POST /accounts/password/reset': rawOperation('Sends a password reset mail to the address (the same answer whether or not it has an account).', {
    '200': html('The form again, when the address is not valid.'),
    '303': { description: 'To the "check your email" page.', contentType: '*/*' },
    '403': html('The form\'s CSRF token is missing or wrong.'),
    '429': html('Too many reset requests for the address.'),
  }),
  'GET /accounts/password/reset/done': rawOperation('The "check your email" page.', { '200': html('The page.') }),
  'GET /accounts/password/reset/{uidb64}/{token}': rawOperation('The page a mailed reset link opens: the new password form, or why the link does not work.', {
    '200': html('The form, or the invalid-link page.'),
    '400': malformedPage,
  }),
  'POST /accounts/password/reset/{uidb64}/{token}': rawOperation('Sets the new password and uses the link up.', {
    '200': html('The form again with what is wrong, or the invalid-link page.'),
    '302': { description: 'Signed in (the `sessionid` cookie set): to the web app.', contentType: '*/*' },
    '403': html('The form\'s CSRF token is missing or wrong.'),
    '400': malformedPage,
  }),
  'GET /accounts/password/done': rawOperation('The "password reset complete" page.', { '200': html('The page.') }),
  'GET /accounts/unsubscribe/{kind}/{token}': rawOperation('Turn off a kind of email (`digest`, `missed_messages`) from the link in it; no login needed.', {
    '200': html('The setting is off, or the page says the link is not known.'),
    '400': malformedPage,
  }),
  'POST /accounts/unsubscribe/{kind}/{token}': rawOperation('The same, as a mail client\'s one-click unsubscribe (List-Unsubscribe-Post).', {
    '200': html('The setting is off, or the page says the link is not known.'),
    '400': malformedPage,
  }),
  'GET /register': rawOperation('The self-sign-up page (Zulip\'s accounts_home): an email address, to be sent a confirmation link.', {
    '200': html('The form, or the organization-deactivated page.'),
  }),
  'POST /register': rawOperation('Mails a one-day confirmation link to the address when the organization lets it sign up.', {
    '200': html('The form again with Zulip\'s refusal (invitation required, domain not allowed, already registered).'),
    '303': { description: 'To the "confirm your email address" page.', contentType: '*/*' },
    '403': html('The form\'s CSRF token is missing or wrong.'),
    '429': html('The client address sent too many sign-up mails today.'),
  }),
  'GET /accounts/send_confirm': rawOperation('The "confirm your email address" page (`email` in the query).', {
    '200': html('The page.'),
    '400': html('The address is not valid.'),
  }),
  'GET /accounts/do_confirm/{key}': rawOperation('The page a mailed sign-up link opens: the registration form (name and password).', {
    '200': html('The form.'),
    '404': html('The link is malformed, unknown, expired or used.'),
    '400': malformedPage,
  }),
  'POST /accounts/do_confirm/{key}': rawOperation('Creates the account, uses the link up and signs the browser in.', {
    '200': html('The form again with what is wrong.'),
    '302': { description: 'Signed in (the `sessionid` cookie set): to the web app.', contentType: '*/*' },
    '403': html('The form\'s CSRF token is missing or wrong.'),
    '404': html('The link is malformed, unknown, expired or used.'),
    '400': malformedPage,
  }),
  'GET /join/{key}': rawOperation('The page an invitation link opens: an email invitation\'s registration form (name and password), or a reusable link\'s address form (Zulip\'s accounts_home_from_multiuse_invite).', {
    '200': html('The form.'),
    '404': html('The link is malformed, unknown, expired, revoked or (an email invitation) used.'),
    '400': malformedPage,
  }),
  'POST /join/{key}': rawOperation(
    'An email invitation: creates the invited account (role, channels, groups) and signs the browser in. A reusable link: mails the address a one-day confirmation link (`/accounts/do_confirm/<key>`) whose account gets the link\'s role, channels and groups; no account is made here.',
    {
      '200': html('The form again with what is wrong (a reusable link: domain not allowed, already registered).'),
      '302': { description: 'Signed in (the `sessionid` cookie set): to the web app.', contentType: '*/*' },
      '303': { description: 'A reusable link: to the "confirm your email address" page.', contentType: '*/*' },
      '403': html('The form\'s CSRF token is missing or wrong.'),
      '404': html('The link is malformed, unknown, expired, revoked or (an email invitation) used.'),
      '429': html('A reusable link: the client address sent too many sign-up mails today.'),
      '400': malformedPage,
    },
  ),
};
