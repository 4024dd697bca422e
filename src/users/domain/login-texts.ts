/** Every text of the log-in page and of the signed-in pages, in one place so that they can be translated. */
export const LOGIN_TEXTS = {
  title: 'Log in',
  intro: (realmName: string) => `Log in to ${realmName}.`,
  emailLabel: 'Email',
  passwordLabel: 'Password',
  button: 'Log in',
  forgotPassword: 'Forgot your password?',
  signupPrompt: 'No account yet?',
  signupLink: 'Sign up',
  inviteOnly: 'You need an invitation from an administrator of this organization to join it.',
  wrongCredentials: 'Your email address or password is incorrect. Both may be case-sensitive.',
  invalidEmail: 'Enter a valid email address.',
  userDeactivated: 'Your account has been deactivated. Ask an administrator of this organization to reactivate it.',
  realmDeactivated: 'This organization has been deactivated.',
  apiTitle: 'Apps and the API',
  apiNote: 'This server also speaks a Zulip-compatible API under /api/v1: point a Zulip app or the API bindings at this address. Start with',
};
