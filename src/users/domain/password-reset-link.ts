/**
 * The reset link's path, shaped as Zulip's (Django's `password_reset_confirm`):
 * `/accounts/password/reset/<uidb64>/<token>/`, the user id in URL-safe base64 without
 * padding.
 */
export function resetLinkPath(userId: number, token: string): string {
  return `/accounts/password/reset/${Buffer.from(String(userId)).toString('base64url')}/${token}/`;
}

/** The user id a link's `uidb64` names, or null when it names none. */
export function userIdOfLink(uidb64: string): number | null {
  if (!/^[A-Za-z0-9_-]{1,16}$/.test(uidb64)) return null;
  const text = Buffer.from(uidb64, 'base64url').toString();
  return /^[1-9]\d{0,9}$/.test(text) ? Number(text) : null;
}

/** Whether a link's token has the shape of one (Zulip's confirmation keys: 24 lowercase letters and digits). */
export function isTokenShaped(token: string): boolean {
  return /^[a-z0-9]{24}$/.test(token);
}
