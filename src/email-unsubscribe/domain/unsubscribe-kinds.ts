import { UserSettingName } from '../../users/public/user-settings';

/**
 * The kinds of email a one-click link turns off (Zulip's email_unsubscribers in
 * zerver/views/unsubscribe.py): the URL's `<kind>`, the setting set to false, and what the
 * page calls this kind of email. A new kind is one line here.
 */
export const UNSUBSCRIBE_KINDS = {
  digest: { setting: 'enable_digest_emails', label: 'digest' },
  missed_messages: { setting: 'enable_offline_email_notifications', label: 'missed messages' },
} as const satisfies Record<string, { setting: UserSettingName; label: string }>;

export type UnsubscribeKind = keyof typeof UNSUBSCRIBE_KINDS;

export function isUnsubscribeKind(kind: string): kind is UnsubscribeKind {
  return Object.prototype.hasOwnProperty.call(UNSUBSCRIBE_KINDS, kind);
}

/** The unsubscribe pages' texts, in one place for translation (Zulip's unsubscribe_success / unsubscribe_link_error). */
export const UNSUBSCRIBE_TEXTS = {
  doneTitle: 'Email settings updated',
  done: (label: string) => `You've successfully unsubscribed from Zulip ${label} emails.`,
  undo: 'You can undo this change or further update your email preferences in your notification settings:',
  settingsLink: 'Notification settings',
  errorTitle: 'Unknown email unsubscribe request',
  error: "It looks like you tried to unsubscribe from something, but we don't recognize the URL.",
};

/** The headers that let mail clients offer the link (RFC 2369 and RFC 8058's one-click POST), as Zulip's send_email adds them. */
export function listUnsubscribeHeaders(url: string): Record<string, string> {
  return { 'List-Unsubscribe': `<${url}>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' };
}
