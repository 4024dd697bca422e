/**
 * RFC 6570 URL template checks for other modules' templates (code playgrounds): the same
 * grammar linkifier templates are held to, as Zulip's `uri_template.validate` is shared.
 */
export { templateVariables } from '../domain/url-template-syntax';
