/** Zulip's parse of a User-Agent into the `client` name shown on messages. */
const USER_AGENT = /^(?<name>[^/ ]*[^0-9/(]*)(\/(?<version>[^/ ]*))?([ /].*)?$/;

export const MAX_CLIENT_NAME_LENGTH = 30;

export function clientNameFrom(requestedClient: string | undefined, userAgent: string | undefined): string {
  if (requestedClient !== undefined) return requestedClient.slice(0, MAX_CLIENT_NAME_LENGTH);
  if (userAgent === undefined) return 'Unspecified';
  const match = USER_AGENT.exec(userAgent);
  if (!match?.groups) return 'Unparsable';
  const name = match.groups.name.trim();
  return (name === '' ? 'Unspecified' : name).slice(0, MAX_CLIENT_NAME_LENGTH);
}
