import { useEffect, useState } from 'react';
import { isRealmAdmin, isRealmOwner } from '../store/permissions';
import { useSelector } from '../store/use-store';
import { useAdminActions, useSettingsActions } from './services';
import { useRequest, type Request } from './use-request';

/** A setting's control: what it shows, how to change it, and the change's request. */
export interface SettingControl {
  readonly shown: unknown;
  readonly change: (value: unknown) => void;
  readonly request: Request;
  /** False where the server would refuse the person's change (a member on the organization's pages). */
  readonly editable: boolean;
}

/** What the person asked for a setting, and the store's value when they asked. */
export interface AskedValue {
  readonly value: unknown;
  readonly before: unknown;
}

/**
 * Whether what the person asked still shows, over the store's value. It gives way when the
 * server refuses, or once the request is answered and the store has changed since the asking
 * (the request's own event, or a later one). While the request is in flight a change of the
 * store is someone else's (another administrator's page), and the asked value stays: the
 * server applies the two in order, and the events that follow end on the last.
 */
export function askedStillShows(asked: AskedValue, stored: unknown, request: Pick<Request, 'busy' | 'error'>): boolean {
  if (request.error !== null) return false;
  return request.busy || asked.before === stored;
}

/**
 * A stored value for a control: the store's (an event sets it); what the person asked shows
 * until the store has it, or until the server refuses (`request.error` then holds its words).
 */
export function useSavedValue(value: unknown, save: (next: unknown) => Promise<void>, editable: boolean): SettingControl {
  const request = useRequest();
  const [asked, setAsked] = useState<AskedValue | null>(null);
  const { busy, error } = request;
  useEffect(() => {
    if (asked !== null && !askedStillShows(asked, value, { busy, error })) setAsked(null);
  }, [asked, value, busy, error]);
  const change = (next: unknown) => {
    setAsked({ value: next, before: value });
    void request.run(() => save(next));
  };
  return { shown: asked === null ? value : asked.value, change, request, editable };
}

/** One personal setting (`PATCH /settings`), read from `state.settings`. */
export function useSetting(name: string): SettingControl {
  const value = useSelector((state) => state.settings[name]);
  const actions = useSettingsActions();
  return useSavedValue(value, (next) => actions.updateSettings({ [name]: next }), true);
}

/**
 * One realm setting (`PATCH /realm`), read from `state.realm`; only administrators may
 * change it. `toWire` gives what the request sends for a value (a group setting's `{new}`).
 */
export function useRealmSetting(name: string, toWire: (next: unknown) => unknown = (next) => next): SettingControl {
  const value = useSelector((state) => state.realm[name]);
  const admin = useSelector(isRealmAdmin);
  const actions = useAdminActions();
  return useSavedValue(value, (next) => actions.updateRealm({ [name]: toWire(next) }), admin);
}

/** A realm setting Zulip's update_realm reserves to organization owners: administrators see it read-only. */
export function useOwnerSetting(name: string, toWire?: (next: unknown) => unknown): SettingControl {
  const control = useRealmSetting(name, toWire);
  const owner = useSelector(isRealmOwner);
  return { ...control, editable: owner };
}

/** One default for new users (`PATCH /realm/user_settings_defaults`), read from `state.userDefaults`. */
export function useUserDefault(name: string): SettingControl {
  const value = useSelector((state) => state.userDefaults[name]);
  const admin = useSelector(isRealmAdmin);
  const actions = useAdminActions();
  return useSavedValue(value, (next) => actions.updateUserDefaults({ [name]: next }), admin);
}
