import { createContext, useContext } from 'react';
import type { Actions } from '../store/actions';

/** The app's requests to the server (store/actions.ts), for components that act. */
export const ActionsContext = createContext<Actions | null>(null);

export function useActions(): Actions {
  const actions = useContext(ActionsContext);
  if (actions === null) throw new Error('useActions outside ActionsContext');
  return actions;
}
