import { useId, useRef, useState, type FormEvent } from 'react';
import type { WireRealmEmoji } from '../../api/types';
import { useAdminActions } from '../../app/services';
import { useRequest } from '../../app/use-request';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { inRealmGroupSetting, isRealmAdmin, myRole, ROLES } from '../../store/permissions';
import type { ClientState } from '../../store/state';
import { useSelector } from '../../store/use-store';
import { FieldMessage } from '../settings/FieldMessage';
import { RowActions } from './RowActions';

/** Zulip's rule for adding custom emoji: no guests; members of the realm's `can_add_custom_emoji_group`. */
const canAddEmoji = (state: ClientState): boolean => myRole(state) < ROLES.guest && inRealmGroupSetting(state, 'can_add_custom_emoji_group');

/** The server's rule for deactivating one (Zulip's check_remove_custom_emoji): administrators, or its author. */
function canDeactivate(admin: boolean, me: number, emoji: WireRealmEmoji): boolean {
  return admin || (emoji.author_id !== null && emoji.author_id === me);
}

/** Zulip's "Add a new emoji" form: a name and one image, emptied once uploaded. */
function AddEmojiForm() {
  const actions = useAdminActions();
  const request = useRequest();
  const [name, setName] = useState('');
  const [file, setFile] = useState<File | null>(null);
  const picker = useRef<HTMLInputElement>(null);
  const id = useId();
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (file === null) return;
    if (!(await request.run(() => actions.uploadEmoji(name, file)))) return;
    setName('');
    setFile(null);
    if (picker.current !== null) picker.current.value = '';
  };
  return (
    <form className="admin-form" onSubmit={(event) => void submit(event)}>
      <div className="setting-row">
        <label htmlFor={`${id}-name`}>Emoji name</label>
        <input id={`${id}-name`} type="text" value={name} placeholder="leafy green vegetable" onChange={(event) => setName(event.target.value)} />
      </div>
      <div className="setting-row">
        <label htmlFor={`${id}-file`}>Emoji image</label>
        <input ref={picker} id={`${id}-file`} type="file" accept="image/png,image/gif,image/jpeg,image/webp" onChange={(event) => setFile(event.target.files?.[0] ?? null)} />
        <p className="setting-note">A square image of up to 5 MiB; it is shown at most 64 pixels a side.</p>
      </div>
      <FieldMessage id={`${id}-message`} error={request.error} done={request.done ? 'Emoji added.' : null} />
      <button type="submit" className="button-primary" disabled={request.busy || file === null || name.trim() === ''}>
        Add emoji
      </button>
    </form>
  );
}

/**
 * Zulip's `emoji-settings`: the realm's active custom emoji with who added each, a filter,
 * the upload form for those the realm lets add emoji, and Deactivate where the server would
 * allow it (the `realm_emoji` event updates every page).
 */
export function EmojiSection() {
  const emoji = useSelector((state) => state.realmEmoji);
  const users = useSelector((state) => state.users);
  const mayAdd = useSelector(canAddEmoji);
  const admin = useSelector(isRealmAdmin);
  const me = useSelector((state) => state.session?.userId ?? -1);
  const actions = useAdminActions();
  const [filter, setFilter] = useState('');
  const [deactivating, setDeactivating] = useState<WireRealmEmoji | null>(null);
  const shown = Object.values(emoji)
    .filter((entry) => !entry.deactivated && entry.name.includes(filter.trim().toLowerCase()))
    .sort((a, b) => a.name.localeCompare(b.name));
  return (
    <>
      {mayAdd ? (
        <fieldset className="settings-group">
          <legend>Add a new emoji</legend>
          <AddEmojiForm />
        </fieldset>
      ) : (
        <p className="admin-only-note" role="note">
          You do not have permission to add custom emoji.
        </p>
      )}
      <div className="setting-row">
        <label htmlFor="emoji-filter">Filter emoji</label>
        <input id="emoji-filter" type="search" value={filter} onChange={(event) => setFilter(event.target.value)} />
      </div>
      {shown.length === 0 ? <p className="empty-note">No custom emoji.</p> : null}
      <ul className="settings-list" aria-label="Custom emoji">
        {shown.map((entry) => {
          const author = entry.author_id === null ? null : users[entry.author_id];
          return (
            <li key={entry.id}>
              <img className="emoji-preview" src={entry.still_url ?? entry.source_url} alt="" width={32} height={32} />
              <div className="admin-row-text">
                <span className="admin-row-name">:{entry.name}:</span>
                <span className="admin-row-detail">Added by {author?.fullName ?? 'an unknown user'}</span>
              </div>
              {canDeactivate(admin, me, entry) ? <RowActions name={entry.name} removeLabel="Deactivate" onRemove={() => setDeactivating(entry)} /> : null}
            </li>
          );
        })}
      </ul>
      {deactivating === null ? null : (
        <ConfirmDialog title="Deactivate custom emoji?" action="Deactivate" run={() => actions.deactivateEmoji(deactivating.name)} onClose={() => setDeactivating(null)}>
          <p>
            No one will be able to use :{deactivating.name}: any more; messages and statuses that already use it keep showing it.
          </p>
        </ConfirmDialog>
      )}
    </>
  );
}
