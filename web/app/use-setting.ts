import { useEffect, useState } from 'react';
import { useSelector } from '../store/use-store';
import { useSettingsActions } from './services';
import { useRequest, type Request } from './use-request';

/**
 * One personal setting for a control: its value is the store's (the `user_settings` event
 * sets it); what the person asked shows until the store has it, or until the server refuses
 * (`request.error` then holds its words).
 */
export function useSetting(name: string): { shown: unknown; change: (value: unknown) => void; request: Request } {
  const value = useSelector((state) => state.settings[name]);
  const actions = useSettingsActions();
  const request = useRequest();
  const [asked, setAsked] = useState<{ value: unknown } | null>(null);
  useEffect(() => {
    if (asked !== null && (asked.value === value || request.error !== null)) setAsked(null);
  }, [asked, value, request.error]);
  const change = (next: unknown) => {
    setAsked({ value: next });
    void request.run(() => actions.updateSettings({ [name]: next }));
  };
  return { shown: asked === null ? value : asked.value, change, request };
}
