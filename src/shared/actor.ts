/**
 * Who acts: the signed-in user a command or query runs for. The HTTP layer fills it from
 * the request's credentials; the CLI and the server's own bots make one from a user row.
 */
export interface Actor {
  id: number;
  realmId: number;
  role: number;
  isBot: boolean;
  botType: number | null;
  deliveryEmail: string;
  fullName: string;
  /** The session the request was signed in with (the web app's cookie); absent for API keys. */
  sessionId?: number;
}
