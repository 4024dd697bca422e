import type { NameSource } from '../store/narrow';
import type { ClientState } from '../store/state';

/** Channel and user names for URL fragments, from the state. */
export function namesOf(state: ClientState): NameSource {
  return {
    channelName: (id) => state.channels[id]?.name,
    userName: (id) => state.users[id]?.fullName,
  };
}
