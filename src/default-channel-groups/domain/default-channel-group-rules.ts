import { pyStrip } from '../../shared/message-content';
import { ApiError } from '../../shared/api-error';

/** Zulip's `DefaultStreamGroup.MAX_NAME_LENGTH`. */
export const MAX_GROUP_NAME_LENGTH = 60;
/** The column Zulip gives a group's description (`max_length=1024`). */
export const MAX_GROUP_DESCRIPTION_LENGTH = 1024;

/**
 * Zulip's `check_default_stream_group_name`. Zulip checks a new group's name only; this
 * server checks a rename's too, where Zulip would store a blank name or fail on a long one.
 */
export function checkGroupName(name: string): void {
  if (pyStrip(name) === '') throw ApiError.badRequest(`Invalid default channel group name '${name}'`);
  if ([...name].length > MAX_GROUP_NAME_LENGTH) {
    throw ApiError.badRequest(`Default channel group name too long (limit: ${MAX_GROUP_NAME_LENGTH} characters)`);
  }
  if (name.includes('\u0000')) throw ApiError.badRequest(`Default channel group name '${name}' contains NULL (0x00) characters.`);
}

/** Zulip's column holds 1,024 characters (a longer description fails there with a server error). */
export function checkGroupDescription(description: string): void {
  if ([...description].length > MAX_GROUP_DESCRIPTION_LENGTH) {
    throw ApiError.badRequest(`description is too long (limit: ${MAX_GROUP_DESCRIPTION_LENGTH} characters)`);
  }
}

/** Zulip's `access_default_stream_group_by_id`, for a group missing or of another realm. */
export function groupNotFound(groupId: number): ApiError {
  return ApiError.badRequest(`Default channel group with id '${groupId}' does not exist.`);
}

export function groupExists(name: string): ApiError {
  return ApiError.badRequest(`Default channel group '${name}' already exists`);
}

export function isDefaultChannel(channelName: string, groupName: string): ApiError {
  return ApiError.badRequest(`'${channelName}' is a default channel and cannot be added to '${groupName}'`);
}

/** Zulip's answer to an `op` other than add and remove. */
export function invalidOp(): ApiError {
  return ApiError.badRequest('Invalid value for "op". Specify one of "add" or "remove".');
}

/** A group as Zulip's `DefaultStreamGroup.to_dict()`: its channels' ids in the order of their names. */
export interface DefaultChannelGroupWire {
  name: string;
  id: number;
  description: string;
  streams: number[];
}

/** A group's row with its (active) channels, before ordering. */
export interface GroupWithChannels {
  id: number;
  name: string;
  description: string;
  channels: { id: number; name: string }[];
}

/** Python's `sorted` on strings: by code point. */
function byText(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

/** Zulip's `default_stream_groups_to_dicts_sorted`: groups by name, each group's channels by name. */
export function presentGroups(groups: readonly GroupWithChannels[]): DefaultChannelGroupWire[] {
  return [...groups]
    .sort((a, b) => byText(a.name, b.name) || a.id - b.id)
    .map((group) => ({
      name: group.name,
      id: group.id,
      description: group.description,
      streams: [...group.channels].sort((a, b) => byText(a.name, b.name) || a.id - b.id).map((channel) => channel.id),
    }));
}
