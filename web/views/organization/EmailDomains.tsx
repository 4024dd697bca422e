import { useEffect, useId, useState, type FormEvent } from 'react';
import { useAdminActions } from '../../app/services';
import { useRequest } from '../../app/use-request';
import type { WireRealmDomain } from '../../api/types';
import { isRealmOwner } from '../../store/permissions';
import { useSelector } from '../../store/use-store';
import { FieldMessage } from '../settings/FieldMessage';

/** Zulip's join restriction choices, each a pair of owner-only realm properties. */
const RESTRICTIONS = [
  { key: 'none', label: 'No restrictions', restricted: false, disposable: false },
  { key: 'no_disposable', label: 'Don’t allow disposable email addresses', restricted: false, disposable: true },
  { key: 'domains', label: 'Restrict to a list of domains', restricted: true, disposable: false },
] as const;

/**
 * Zulip's "Restrict email domains of new users": none, no disposable addresses, or only
 * the realm's domains (`emails_restricted_to_domains`, `disallow_disposable_email_addresses`,
 * owners only), with the list of domains beneath when it applies.
 */
export function JoinRestriction() {
  const restricted = useSelector((state) => state.realm.emails_restricted_to_domains === true);
  const disposable = useSelector((state) => state.realm.disallow_disposable_email_addresses === true);
  const owner = useSelector(isRealmOwner);
  const actions = useAdminActions();
  const request = useRequest();
  const id = useId();
  const current = restricted ? 'domains' : disposable ? 'no_disposable' : 'none';
  return (
    <div className="setting-row">
      <label htmlFor={id}>Restrict email domains of new users</label>
      <select
        id={id}
        value={current}
        disabled={!owner}
        aria-describedby={request.error === null ? undefined : `${id}-message`}
        onChange={(event) => {
          const chosen = RESTRICTIONS.find((entry) => entry.key === event.target.value);
          if (chosen !== undefined) {
            void request.run(() => actions.updateRealm({ emails_restricted_to_domains: chosen.restricted, disallow_disposable_email_addresses: chosen.disposable }));
          }
        }}
      >
        {RESTRICTIONS.map((entry) => (
          <option key={entry.key} value={entry.key}>
            {entry.label}
          </option>
        ))}
      </select>
      <FieldMessage id={`${id}-message`} error={request.error} />
      {restricted ? <EmailDomains /> : null}
    </div>
  );
}

function DomainRow({ entry, owner }: { entry: WireRealmDomain; owner: boolean }) {
  const actions = useAdminActions();
  const request = useRequest();
  const id = useId();
  // What the owner asked shows until the store has the server's answer (its event) or the server refuses.
  const [asked, setAsked] = useState<boolean | null>(null);
  useEffect(() => setAsked(null), [entry.allow_subdomains, request.error]);
  return (
    <li className="domain-row">
      <span className="domain-name">{entry.domain}</span>
      <label className="setting-check">
        <input
          type="checkbox"
          checked={asked ?? entry.allow_subdomains}
          disabled={!owner || request.busy}
          aria-describedby={request.error === null ? undefined : `${id}-message`}
          onChange={(event) => {
            const allow = event.target.checked;
            setAsked(allow);
            void request.run(() => actions.changeRealmDomain(entry.domain, allow));
          }}
        />
        Allow subdomains
      </label>
      {owner ? (
        <button type="button" className="button-quiet" disabled={request.busy} aria-label={`Remove ${entry.domain}`} onClick={() => void request.run(() => actions.removeRealmDomain(entry.domain))}>
          Remove
        </button>
      ) : null}
      <FieldMessage id={`${id}-message`} error={request.error} />
    </li>
  );
}

/** The realm's email domains (`/realm/domains`): owners add, change and remove them; everyone else reads them. */
export function EmailDomains() {
  const domains = useSelector((state) => state.realmDomains);
  const owner = useSelector(isRealmOwner);
  const actions = useAdminActions();
  const request = useRequest();
  const [domain, setDomain] = useState('');
  const [allowSubdomains, setAllowSubdomains] = useState(false);
  const id = useId();
  const add = async (event: FormEvent) => {
    event.preventDefault();
    const sent = domain;
    // Cleared for the next one, unless the owner has already started typing it.
    if (await request.run(() => actions.addRealmDomain(sent, allowSubdomains))) {
      setDomain((current) => (current === sent ? '' : current));
      setAllowSubdomains(false);
    }
  };
  return (
    <div className="email-domains">
      <p className="setting-note" id={`${id}-title`}>
        Allowed domains
      </p>
      {domains.length === 0 ? <p className="setting-note">No domains yet: add one so that people can sign up.</p> : null}
      <ul className="domain-list" aria-labelledby={`${id}-title`}>
        {domains.map((entry) => (
          <DomainRow key={entry.domain} entry={entry} owner={owner} />
        ))}
      </ul>
      {owner ? (
        <form className="domain-add" onSubmit={(event) => void add(event)}>
          <label htmlFor={`${id}-domain`}>New domain</label>
          <input id={`${id}-domain`} type="text" value={domain} placeholder="example.com" aria-describedby={request.error === null ? undefined : `${id}-message`} onChange={(event) => setDomain(event.target.value)} />
          <label className="setting-check">
            <input type="checkbox" checked={allowSubdomains} onChange={(event) => setAllowSubdomains(event.target.checked)} />
            Allow subdomains
          </label>
          <button type="submit" className="button-primary" disabled={request.busy || domain.trim() === ''}>
            Add domain
          </button>
          <FieldMessage id={`${id}-message`} error={request.error} />
        </form>
      ) : null}
    </div>
  );
}
