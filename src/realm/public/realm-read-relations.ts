// The realm module's read relations, for other modules' persistence (see the file they come from).
export { activeRealmSubdomains, realmCreationDates } from '../persistence/realm.read-relations';
