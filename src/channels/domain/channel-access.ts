import { isAdministrator, isGuest } from '../../users/domain/roles';

/** The facts about a channel and a user that decide what the user may see of it. */
export interface ChannelAccessFacts {
  inviteOnly: boolean;
  isWebPublic: boolean;
  deactivated: boolean;
  subscribed: boolean;
  role: number;
}

/** Content access: the user may read the channel's messages and see its subscribers. */
export function hasContentAccess(facts: ChannelAccessFacts): boolean {
  if (facts.subscribed) return true;
  if (facts.inviteOnly) return false;
  // Guests see only the public channels they are subscribed to (or web-public ones).
  return !isGuest(facts.role) || facts.isWebPublic;
}

/** Metadata access: the user may know the channel exists and its settings. */
export function hasMetadataAccess(facts: ChannelAccessFacts): boolean {
  return hasContentAccess(facts) || (facts.inviteOnly && isAdministrator(facts.role));
}
