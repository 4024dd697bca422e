import { guide, OperationGuides } from './tags';

/** Pages, served files, health checks and this reference. */
export const PAGE_GUIDES: OperationGuides = {
  'GET /': guide(
    'pages_and_files',
    'The web app, for a browser signed in with the `sessionid` cookie (its page carries the session\'s CSRF token);',
    'a visitor who is not signed in is sent to the log-in page.',
  ),
  'GET /login': guide(
    'pages_and_files',
    'The log-in page: email address and password, with links to the password reset form and, where the organization',
    'lets people sign up, to the sign-up page.',
  ),
  'POST /login': guide(
    'pages_and_files',
    'Takes the log-in form: a right password starts a session (the `sessionid` cookie, HttpOnly and SameSite=Lax) and',
    'sends the browser on to the web app; a wrong one shows the form again and counts against the same attempt limit as',
    '`fetch_api_key`.',
  ),
  'POST /accounts/logout': guide(
    'pages_and_files',
    'Ends the browser\'s session (the page form\'s CSRF token or the `X-CSRFToken` header is required) and sends it to',
    'the log-in page.',
  ),
  'GET /register': guide(
    'pages_and_files',
    'The self-sign-up page: asks for an email address, to which a confirmation link is sent when the organization lets',
    'that address sign up.',
  ),
  'POST /register': guide(
    'pages_and_files',
    'Takes the sign-up form: mails a confirmation link, valid for a day, when the organization lets the address sign',
    'up, or shows the form again with the reason it does not.',
  ),
  'GET /accounts/send_confirm': guide('pages_and_files', 'The page telling the visitor to look for the confirmation email just sent.'),
  'GET /accounts/do_confirm/{key}': guide(
    'pages_and_files',
    'The page a mailed sign-up link opens: the form for the new account\'s name and password, or why the link no',
    'longer works.',
  ),
  'POST /accounts/do_confirm/{key}': guide(
    'pages_and_files',
    'Takes the registration form: creates the account, uses the link up and signs the browser in to the web app.',
  ),
  'GET /join/{key}': guide(
    'pages_and_files',
    'The page an invitation link opens: for an email invitation, the registration form; for a reusable link, a form',
    'asking for the address to send a confirmation link to.',
  ),
  'POST /join/{key}': guide(
    'pages_and_files',
    'Takes the invitation page\'s form: an email invitation creates the invited account with its role, channels and',
    'groups and signs the browser in; a reusable link mails the address a confirmation link whose account will get them.',
  ),
  'GET /accounts/confirm_new_email/{key}': guide(
    'pages_and_files',
    'The link mailed to a new email address: opening it makes the change of address take effect, and the page says so.',
  ),
  'GET /accounts/password/reset': guide('pages_and_files', 'The page asking for the email address to send a password reset link to.'),
  'POST /accounts/password/reset': guide(
    'pages_and_files',
    'Takes the reset form: mails a reset link when the address has an account. The answer is the same either way, so',
    'the form does not reveal who has an account.',
  ),
  'GET /accounts/password/reset/done': guide('pages_and_files', 'The page telling the visitor to look for the reset email.'),
  'GET /accounts/password/reset/{uidb64}/{token}': guide(
    'pages_and_files',
    'The page a mailed password reset link opens: the form for the new password, or why the link no longer works.',
  ),
  'POST /accounts/password/reset/{uidb64}/{token}': guide(
    'pages_and_files',
    'Takes the new password form: sets the password, uses the link up and signs the browser in to the web app.',
  ),
  'GET /accounts/password/done': guide('pages_and_files', 'The page confirming that the password was changed.'),
  'GET /accounts/unsubscribe/{kind}/{token}': guide(
    'pages_and_files',
    'Turns off a kind of email (digests or missed-message emails) from the link at the bottom of one, without logging',
    'in, and shows a page saying so.',
  ),
  'POST /accounts/unsubscribe/{kind}/{token}': guide(
    'pages_and_files',
    'The same as opening the unsubscribe link, for mail clients that offer one-click unsubscribing.',
  ),
  'GET /static/pages.css': guide('pages_and_files', 'The stylesheet of the server\'s HTML pages.'),
  'GET /static/webapp/{file}': guide(
    'pages_and_files',
    'A file of the web app\'s build (script, stylesheet, icon), named by its content hash, so it is cached for a year and',
    'never changes; the web app\'s page (`GET /`) names the current ones.',
  ),
  'GET /static/images/unknown-user-avatar.png': guide('pages_and_files', 'The picture shown in place of the avatar of a user the viewer may not see.'),
  'GET /static/generated/emoji/emoji_api.json': guide(
    'pages_and_files',
    'The Unicode emoji this server accepts, code points to names; register\'s `server_emoji_data_url` points here.',
  ),
  'GET /static/generated/emoji/images-google-64/{file}': guide('pages_and_files', 'The image of a Unicode emoji by its `emoji_code` (Google\'s, 64 pixels), or of the special `zulip` emoji as `zulip.png`.'),
  'GET /static/generated/emoji/images/emoji/unicode/{file}': guide('pages_and_files', 'The same images at the older path Zulip\'s mobile apps load `zulip.png` from.'),
  'GET /static/generated/emoji/images/emoji/{file}': guide('pages_and_files', 'The image of a Unicode emoji by one of its names (`+1.png`), or `zulip.png`.'),
  'GET /static/generated/emoji/sheet-google-64.png': guide('pages_and_files', 'The sprite sheet of the Unicode emoji images, as Zulip\'s web app uses it.'),
  'GET /avatar/{user}': guide('pages_and_files', 'Redirects to a user\'s current avatar picture, the user named by id or email address.'),
  'GET /avatar/{user}/medium': guide('pages_and_files', 'Redirects to the larger version of a user\'s avatar picture.'),
  'GET /user_avatars/{wildcard_path}': guide(
    'pages_and_files',
    'Serves an uploaded avatar or custom emoji image. No credentials: these addresses are shared in user and emoji data.',
  ),
  'GET /user_avatars/exports/{wildcard_path}': guide(
    'pages_and_files',
    'Serves a data export\'s archive, at the `export_url` its `realm_export` event gave, to the administrators of its',
    'organization.',
  ),
  'GET /user_uploads/{wildcard_path}': guide(
    'pages_and_files',
    'Serves an uploaded file to users allowed to see it: its uploader and those who received a message linking it.',
  ),
  'GET /user_uploads/thumbnail/{wildcard_path}': guide(
    'pages_and_files',
    'Serves a thumbnail of an uploaded image (`<path id>/<format name>`, a name from `server_thumbnail_formats`) to',
    'users allowed to see the image; a format not made yet is made first.',
  ),
  'GET /static/images/loading/loader-black.svg': guide('pages_and_files', 'The spinner an image preview shows until its thumbnail exists.'),
  'GET /user_uploads/download/{wildcard_path}': guide('pages_and_files', 'Serves an uploaded file as a download (an attachment) rather than for display.'),
  'GET /user_uploads/temporary/{wildcard_path}': guide(
    'pages_and_files',
    'Serves an uploaded file through a temporary signed link (from the `/api/v1/user_uploads` operation), without',
    'credentials, until the link expires.',
  ),
  'GET /external_content/{digest}/{hexUrl}': guide(
    'pages_and_files',
    'Serves an external image linked from a message through the server\'s image proxy, so readers\' browsers never',
    'contact the external site. No credentials: the signature in the address, which only the server can make, is the',
    'permission.',
  ),
  'GET /health/live': guide('service', 'Liveness check for the operators: answers as long as the process runs.'),
  'GET /health/ready': guide(
    'service',
    'Readiness check for the operators: whether the database, Redis (when used) and the worker answer; 503 when one',
    'does not, so a load balancer can stop sending traffic.',
  ),
  'GET /api/v1/openapi.json': guide('service', 'This OpenAPI 3.1 document, built from the server\'s own routes; no credentials.'),
  'GET /api/v1/docs': guide('service', 'A page to browse this reference (Swagger UI, served by this server itself).'),
  'GET /api/v1/docs/init.js': guide('service', 'The script that starts the browsing page; it is a file because the page allows no inline script.'),
  'GET /api/v1/docs/swagger-ui-bundle.js': guide('service', 'Swagger UI\'s script, for the browsing page.'),
  'GET /api/v1/docs/swagger-ui.css': guide('service', 'Swagger UI\'s stylesheet, for the browsing page.'),
};
