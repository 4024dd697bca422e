import { isRealmAdmin } from '../../store/permissions';
import { useSelector } from '../../store/use-store';

/** Says why a member sees an organization section's settings but cannot change them (nothing for administrators). */
export function AdminOnlyNote({ children = 'Only organization administrators can change these settings.' }: { children?: string }) {
  const admin = useSelector(isRealmAdmin);
  return admin ? null : (
    <p className="admin-only-note" role="note">
      {children}
    </p>
  );
}
