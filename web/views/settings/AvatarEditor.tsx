import { useId } from 'react';
import { useSettingsActions } from '../../app/services';
import { useRequest } from '../../app/use-request';
import { Avatar } from '../../components/Avatar';
import { useSelector } from '../../store/use-store';
import { FieldMessage } from './FieldMessage';
import { ImageUploadButton } from './ImageUploadButton';

/** The person's picture: upload a new one or go back to the default; others see it through `realm_user`. */
export function AvatarEditor() {
  const me = useSelector((state) => (state.session === null ? undefined : state.users[state.session.userId]));
  const locked = useSelector((state) => state.session !== null && state.session.avatarChangesDisabled && (me?.role ?? 400) > 200);
  const actions = useSettingsActions();
  const request = useRequest();
  const id = useId();
  if (me === undefined) return null;
  // An uploaded picture is served from this server's avatar store; otherwise it is Gravatar's, with nothing to delete.
  const uploaded = me.avatarUrl?.includes('/user_avatars/') === true;
  return (
    <div className="setting-row avatar-editor">
      <div className="avatar-large">
        <Avatar userId={me.id} name={me.fullName} url={me.avatarUrl} />
      </div>
      {locked ? (
        <p className="setting-note">Your organization does not let members change their avatar.</p>
      ) : (
        <div className="button-row">
          <ImageUploadButton id={id} label="Upload new avatar" describedBy={`${id}-message`} onFile={(file) => void request.run(() => actions.uploadAvatar(file))} />
          {uploaded ? (
            <button type="button" className="button-quiet" disabled={request.busy} onClick={() => void request.run(() => actions.deleteAvatar())}>
              Delete avatar
            </button>
          ) : null}
        </div>
      )}
      <FieldMessage id={`${id}-message`} error={request.error} />
    </div>
  );
}
