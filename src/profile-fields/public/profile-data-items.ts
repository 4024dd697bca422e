import { ApiError } from '../../shared/api-error';
import { expectInteger, expectList, expectObject } from '../../shared/json-shapes';

/**
 * `data` of `PATCH /users/me/profile_data` (and `profile_data` of `PATCH /users/{user_id}`):
 * `[{id: int, value: str | [int]}]`, nothing else. `name` is the parameter's, for the errors;
 * `allowNull` lets an administrator's `null` clear a value, as Zulip's `update_user_backend` does.
 */
export function parseProfileDataItems(value: unknown, name = 'data', allowNull = false): { id: number; value: unknown }[] {
  return expectList(name, value).map((raw, index) => {
    const itemName = `${name}[${index}]`;
    const item = expectObject(itemName, raw);
    if (!('id' in item)) throw ApiError.badRequest(`id key is missing from ${itemName}`);
    const id = expectInteger(`${itemName}["id"]`, item.id);
    if (!('value' in item)) throw ApiError.badRequest(`value key is missing from ${itemName}`);
    const extra = Object.keys(item).filter((key) => key !== 'id' && key !== 'value');
    if (extra.length > 0) throw ApiError.badRequest(`Unexpected arguments: ${extra.join(', ')}`);
    if (typeof item.value !== 'string' && !Array.isArray(item.value) && !(allowNull && item.value === null)) throw ApiError.badRequest(`${itemName}["value"] is not a string or a list`);
    return { id, value: item.value };
  });
}
