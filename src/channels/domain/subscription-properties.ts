import { ApiError } from '../../shared/api-error';

/** The personal subscription settings a user may change, as Zulip names them. */
export const SUBSCRIPTION_PROPERTIES = [
  'color',
  'is_muted',
  'in_home_view',
  'pin_to_top',
  'desktop_notifications',
  'audible_notifications',
  'push_notifications',
  'email_notifications',
  'wildcard_mentions_notify',
] as const;

export type SubscriptionProperty = (typeof SUBSCRIPTION_PROPERTIES)[number];

/** Zulip's `check_color`: `#` and three to six hex digits. */
const COLOR = /^#[0-9a-fA-F]{3,6}$/;

export function checkColor(name: string, value: unknown): string {
  if (typeof value !== 'string') throw ApiError.badRequest(`${name} is not a string`);
  if (!COLOR.test(value)) throw ApiError.badRequest(`${name} is not a hex color code`);
  return value;
}

/** One requested change, checked: the property is known and its value has its type. */
export interface SubscriptionPropertyChange {
  streamId: number;
  property: SubscriptionProperty;
  value: string | boolean;
}

export function checkSubscriptionPropertyChange(streamId: number, property: string, value: unknown): SubscriptionPropertyChange {
  if (!(SUBSCRIPTION_PROPERTIES as readonly string[]).includes(property)) {
    throw ApiError.badRequest(`Unknown subscription property: ${property}`);
  }
  if (property === 'color') return { streamId, property, value: checkColor('color', value) };
  if (typeof value !== 'boolean') throw ApiError.badRequest(`${property} is not a boolean`);
  return { streamId, property: property as SubscriptionProperty, value };
}

/**
 * What is stored and which `subscription` update events go out. `in_home_view` is the
 * deprecated inverse of `is_muted`; either one sends both events, `in_home_view` first,
 * as Zulip does since feature level 139.
 */
export function storedChange(change: SubscriptionPropertyChange): {
  column: Exclude<SubscriptionProperty, 'in_home_view'>;
  value: string | boolean;
  events: { property: string; value: string | boolean }[];
} {
  if (change.property === 'is_muted' || change.property === 'in_home_view') {
    const muted = change.property === 'is_muted' ? change.value === true : change.value === false;
    return {
      column: 'is_muted',
      value: muted,
      events: [
        { property: 'in_home_view', value: !muted },
        { property: 'is_muted', value: muted },
      ],
    };
  }
  return { column: change.property, value: change.value, events: [{ property: change.property, value: change.value }] };
}
