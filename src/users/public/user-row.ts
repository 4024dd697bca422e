import { Actor } from '../../shared/actor';
/** A `user_profile` row as the code reads it (`toUserRow` maps it); SQL is in the repositories. */
export interface UserRow {
  id: number;
  realmId: number;
  deliveryEmail: string;
  fullName: string;
  role: number;
  isActive: boolean;
  isBot: boolean;
  botType: number | null;
  botOwnerId: number | null;
  apiKey: string;
  passwordHash: string | null;
  dateJoined: Date;
  timezone: string;
  avatarSource: string;
  avatarVersion: number;
  emailAddressVisibility: number;
  recipientId: number | null;
  defaultSendingStreamId: number | null;
  defaultEventsRegisterStreamId: number | null;
  defaultAllPublicStreams: boolean;

  /** Only the settings that differ from the server's defaults are meaningful here. */
  settings: Record<string, unknown>;
}

/** The fields a request's user carries, from their row (credentials, a scheduled sender). */
export function actorOf(user: UserRow): Actor {
  return {
    id: user.id,
    realmId: user.realmId,
    role: user.role,
    isBot: user.isBot,
    botType: user.botType,
    deliveryEmail: user.deliveryEmail,
    fullName: user.fullName,
  };
}
