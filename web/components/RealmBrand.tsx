import { uploadedRealmImage } from '../app/realm-images';
import { useSelector } from '../store/use-store';

/** The organization's uploaded icon beside its name, or its name alone. */
function IconAndName({ className }: { className: string }) {
  const name = useSelector((state) => state.session?.realmName ?? '');
  const icon = useSelector((state) => uploadedRealmImage(state.realm, 'icon'));
  return (
    <span className={className}>
      {icon === null ? null : <img className="realm-icon" src={icon} alt="" />}
      {name}
    </span>
  );
}

/**
 * The organization at the top of the left sidebar, as Zulip's navbar shows it: its uploaded
 * logo, in the dark theme the dark theme's own logo where one was uploaded; without a logo,
 * its uploaded icon beside its name, or its name. The identicon Zulip falls back to is left
 * out: it would load from an outside service on every page.
 */
export function RealmBrand() {
  const name = useSelector((state) => state.session?.realmName ?? '');
  const logo = useSelector((state) => uploadedRealmImage(state.realm, 'logo'));
  const night = useSelector((state) => uploadedRealmImage(state.realm, 'night_logo') ?? uploadedRealmImage(state.realm, 'logo'));
  if (logo === night) {
    return <p className="realm-brand">{logo === null ? <IconAndName className="realm-name" /> : <img className="realm-logo" src={logo} alt={name} />}</p>;
  }
  return (
    <p className="realm-brand">
      {logo === null ? <IconAndName className="realm-name realm-brand-day" /> : <img className="realm-logo realm-brand-day" src={logo} alt={name} />}
      {night === null ? <IconAndName className="realm-name realm-brand-night" /> : <img className="realm-logo realm-brand-night" src={night} alt={name} />}
    </p>
  );
}
