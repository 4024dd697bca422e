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

/**
 * A stored value for a control: the store's (an event sets it); what the person asked shows
 * until the store has it, or until the server refuses (`request.error` then holds its words).
 */
export function useSavedValue(value: unknown, save: (next: unknown) => Promise<void>, editable: boolean): SettingControl {
  const request = useRequest();
  // What was asked, and the store's value then: any change of the store's value since is the server's answer (its event).
  const [asked, setAsked] = useState<{ value: unknown; before: unknown } | null>(null);
  useEffect(() => {
    if (asked !== null && (asked.before !== value || request.error !== null)) setAsked(null);
  }, [asked, value, request.error]);
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
