/** The texts of the signed-in pages the server renders itself, in one place so that they can be translated. */
export const WEB_APP_TEXTS = {
  notBuiltTitle: 'Signed in',
  signedInAs: (name: string, email: string) => `You are signed in as ${name} (${email}).`,
  notBuilt: 'The web app is not built on this server (npm run build writes it). Zulip apps and the API work meanwhile.',
  logOut: 'Log out',
};
