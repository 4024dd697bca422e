import { createContext, useContext } from 'react';
import type { Actions } from '../store/actions';
import type { AdminActions } from '../store/admin-actions';
import type { SettingsActions } from '../store/settings-actions';

/** The app's requests to the server (store/actions.ts), for components that act. */
export const ActionsContext = createContext<Actions | null>(null);

export function useActions(): Actions {
  const actions = useContext(ActionsContext);
  if (actions === null) throw new Error('useActions outside ActionsContext');
  return actions;
}

/** The settings pages' requests (store/settings-actions.ts). */
export const SettingsActionsContext = createContext<SettingsActions | null>(null);

export function useSettingsActions(): SettingsActions {
  const actions = useContext(SettingsActionsContext);
  if (actions === null) throw new Error('useSettingsActions outside SettingsActionsContext');
  return actions;
}

/** The organization's pages' requests (store/admin-actions.ts). */
export const AdminActionsContext = createContext<AdminActions | null>(null);

export function useAdminActions(): AdminActions {
  const actions = useContext(AdminActionsContext);
  if (actions === null) throw new Error('useAdminActions outside AdminActionsContext');
  return actions;
}
