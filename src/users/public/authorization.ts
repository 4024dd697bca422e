// Who may call what by kind of user, for every module's handlers and wire/'s @Authorize:
// the users module's public face of domain/authorization.ts.
export * from '../domain/authorization';
