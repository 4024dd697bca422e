/** Zulip's role values. Lower is more privileged. */
export enum Role {
  Owner = 100,
  Administrator = 200,
  Moderator = 300,
  Member = 400,
  Guest = 600,
}

export const ROLE_NAMES: Record<string, Role> = {
  owner: Role.Owner,
  administrator: Role.Administrator,
  moderator: Role.Moderator,
  member: Role.Member,
  guest: Role.Guest,
};

export enum BotType {
  Generic = 1,
  IncomingWebhook = 2,
  OutgoingWebhook = 3,
  Embedded = 4,
}

export function isAdministrator(role: number): boolean {
  return role <= Role.Administrator;
}

export function isGuest(role: number): boolean {
  return role === Role.Guest;
}

/** Who may see a user's real email address (the `email_address_visibility` setting). */
export enum EmailAddressVisibility {
  Everyone = 1,
  Members = 2,
  Administrators = 3,
  Nobody = 4,
  Moderators = 5,
}

export function canSeeDeliveryEmail(
  target: { id: number; isBot: boolean; emailAddressVisibility: number },
  viewer: { id: number; role: number } | null,
): boolean {
  if (target.isBot) return true;
  if (viewer && viewer.id === target.id) return true;
  switch (target.emailAddressVisibility) {
    case EmailAddressVisibility.Everyone:
      return true;
    case EmailAddressVisibility.Members:
      return viewer !== null && viewer.role <= Role.Member;
    case EmailAddressVisibility.Moderators:
      return viewer !== null && viewer.role <= Role.Moderator;
    case EmailAddressVisibility.Administrators:
      return viewer !== null && viewer.role <= Role.Administrator;
    default:
      return false;
  }
}
