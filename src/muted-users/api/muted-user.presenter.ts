import { MuteRow } from '../persistence/muted-user.repository';

/** One entry of `muted_users`: whom, and since when (Unix seconds). */
export interface MutedUserWire {
  id: number;
  timestamp: number;
}

export function presentMute(row: MuteRow): MutedUserWire {
  return { id: row.mutedUserId, timestamp: Math.floor(row.dateMuted.getTime() / 1000) };
}
