/**
 * The texts every page shares (the frame, refusals of a form); each feature keeps its own
 * page texts beside its mail texts. One place per feature, so that they can be translated.
 */
export const PAGE_TEXTS = {
  csrfTitle: 'Forbidden',
  csrfBody: 'CSRF verification failed: this form was not sent from the page the server gave you, or your browser refused the cookie it needs. Open the page again and resend the form.',
  rateLimitedTitle: 'Slow down',
  rateLimitedBody: (seconds: number) => `You have made too many requests of this kind. Try again in ${seconds} seconds.`,
  notFoundTitle: 'Page not found',
  malformedUrlTitle: 'Bad request',
  malformedUrlBody: 'The address of this page is malformed. Check the link you followed: it may have been cut or changed on its way.',
  footer: 'Team chat server',
};
