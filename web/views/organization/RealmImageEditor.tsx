import { useId } from 'react';
import { useAdminActions } from '../../app/services';
import { useRequest } from '../../app/use-request';
import { isRealmAdmin } from '../../store/permissions';
import type { RealmImageKind } from '../../store/admin-actions';
import { useSelector } from '../../store/use-store';
import { FieldMessage } from '../settings/FieldMessage';
import { ImageUploadButton } from '../settings/ImageUploadButton';

const NOUNS: Record<RealmImageKind, string> = { icon: 'icon', logo: 'logo', night_logo: 'logo' };

/**
 * One of the organization's pictures (`realm_icon_url`, `realm_logo_url`,
 * `realm_night_logo_url`, kept current by `realm` events): administrators upload a new one or
 * go back to the default; members only see it.
 */
export function RealmImageEditor({ kind, label, note }: { kind: RealmImageKind; label: string; note: string }) {
  const url = useSelector((state) => state.realm[`${kind}_url`]);
  const source = useSelector((state) => state.realm[`${kind}_source`]);
  const admin = useSelector(isRealmAdmin);
  const actions = useAdminActions();
  const request = useRequest();
  const id = useId();
  const noun = NOUNS[kind];
  const shown = typeof url === 'string' && url !== '' ? url : null;
  return (
    <div className={`setting-row realm-image realm-image-${kind}`}>
      <p className="realm-image-label" id={`${id}-label`}>
        {label}
      </p>
      <p className="setting-note">{note}</p>
      <div className={kind === 'night_logo' ? 'realm-image-frame realm-image-frame-dark' : 'realm-image-frame'}>
        {shown === null ? <span className="realm-image-empty">Default</span> : <img src={shown} alt={label} />}
      </div>
      {admin ? (
        <div className="button-row">
          <ImageUploadButton
            id={id}
            label={`Upload ${noun}`}
            describedBy={request.error === null ? undefined : `${id}-message`}
            onFile={(file) => void request.run(() => actions.uploadRealmImage(kind, file))}
          />
          {source === 'U' ? (
            <button type="button" className="button-quiet" disabled={request.busy} onClick={() => void request.run(() => actions.deleteRealmImage(kind))}>
              {`Delete ${noun}`}
            </button>
          ) : null}
        </div>
      ) : null}
      <FieldMessage id={`${id}-message`} error={request.error} />
    </div>
  );
}
