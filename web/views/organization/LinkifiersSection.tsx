import { useState } from 'react';
import type { WireLinkifier } from '../../api/types';
import { useAdminActions } from '../../app/services';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { ReorderableList } from '../../components/ReorderableList';
import { isRealmAdmin } from '../../store/permissions';
import { useSelector } from '../../store/use-store';
import { AdminOnlyNote } from './AdminOnlyNote';
import { LinkifierForm } from './LinkifierForm';
import { RowActions } from './RowActions';

type Open = { kind: 'edit'; linkifier: WireLinkifier } | { kind: 'delete'; linkifier: WireLinkifier } | null;

/**
 * Zulip's `linkifier-settings`: patterns that turn text in messages into links, tried in
 * their order. Administrators add, edit, reorder and delete them; everyone sees the list
 * (register's `realm_linkifiers`, then its events).
 */
export function LinkifiersSection() {
  const linkifiers = useSelector((state) => state.linkifiers);
  const admin = useSelector(isRealmAdmin);
  const actions = useAdminActions();
  const [open, setOpen] = useState<Open>(null);
  return (
    <>
      <AdminOnlyNote />
      <p className="setting-note section-intro">
        Linkifiers turn text that matches a pattern in messages and topics into a link, such as “#1234” into a link to an issue tracker. The
        first pattern that matches wins.
      </p>
      {admin ? (
        <fieldset className="settings-group">
          <legend>Add a new linkifier</legend>
          <LinkifierForm linkifier={null} onDone={() => undefined} />
        </fieldset>
      ) : null}
      {linkifiers.length === 0 ? <p className="empty-note">No linkifiers set.</p> : null}
      <ReorderableList
        items={linkifiers}
        keyOf={(linkifier) => linkifier.id}
        nameOf={(linkifier) => linkifier.pattern}
        editable={admin}
        label="Linkifiers"
        onReorder={(order) => actions.reorderLinkifiers(order)}
        renderItem={(linkifier) => (
          <>
            <div className="admin-row-text">
              <code className="admin-row-name">{linkifier.pattern}</code>
              <span className="admin-row-detail">{linkifier.url_template}</span>
            </div>
            {admin ? <RowActions name={linkifier.pattern} onEdit={() => setOpen({ kind: 'edit', linkifier })} onRemove={() => setOpen({ kind: 'delete', linkifier })} /> : null}
          </>
        )}
      />
      {open?.kind === 'edit' ? <LinkifierForm linkifier={open.linkifier} onDone={() => setOpen(null)} /> : null}
      {open?.kind === 'delete' ? (
        <ConfirmDialog title="Delete linkifier?" action="Delete" run={() => actions.removeLinkifier(open.linkifier.id)} onClose={() => setOpen(null)}>
          <p>
            Text matching <code>{open.linkifier.pattern}</code> will no longer become a link in new messages.
          </p>
        </ConfirmDialog>
      ) : null}
    </>
  );
}
