import { useEffect, useId, useRef, useState } from 'react';
import { logOut } from '../app/log-out';
import { inRealmGroupSetting } from '../store/permissions';
import { useSelector } from '../store/use-store';
import { Avatar } from './Avatar';
import { InviteDialog } from './InviteDialog';

/**
 * The person's menu in the top bar (Zulip's gear and personal menu in one): their name,
 * Personal settings, the organization's settings, Invite users (for whoever the realm lets
 * invite, as Zulip's gear menu offers it), channel and group settings, and Log out. A disclosure: Escape or a click elsewhere closes it.
 */
export function PersonalMenu() {
  const me = useSelector((state) => (state.session === null ? undefined : state.users[state.session.userId]));
  const canInvite = useSelector((state) => inRealmGroupSetting(state, 'can_invite_users_group') || inRealmGroupSetting(state, 'create_multiuse_invite_group'));
  const [open, setOpen] = useState(false);
  const [inviting, setInviting] = useState(false);
  const box = useRef<HTMLDivElement>(null);
  const id = useId();

  useEffect(() => {
    if (!open) return;
    const onKey = (event: KeyboardEvent) => event.key === 'Escape' && setOpen(false);
    const onClick = (event: MouseEvent) => {
      if (!(event.target instanceof Node) || !box.current?.contains(event.target)) setOpen(false);
    };
    window.addEventListener('keydown', onKey);
    window.addEventListener('mousedown', onClick);
    return () => {
      window.removeEventListener('keydown', onKey);
      window.removeEventListener('mousedown', onClick);
    };
  }, [open]);

  if (me === undefined) return null;
  return (
    <div className="personal-menu" ref={box}>
      <button type="button" className="icon-button personal-menu-button" aria-expanded={open} aria-controls={id} onClick={() => setOpen(!open)}>
        <Avatar userId={me.id} name={me.fullName} url={me.avatarUrl} />
        <span className="visually-hidden">Personal menu</span>
      </button>
      <div id={id} className="personal-menu-popover" hidden={!open}>
        <p className="personal-menu-name">{me.fullName}</p>
        <ul>
          <li>
            <a href="#settings/profile" onClick={() => setOpen(false)}>
              Personal settings
            </a>
          </li>
          <li>
            <a href="#organization/organization-profile" onClick={() => setOpen(false)}>
              Organization settings
            </a>
          </li>
          {canInvite ? (
            <li>
              <button
                type="button"
                className="link-button"
                onClick={() => {
                  setOpen(false);
                  setInviting(true);
                }}
              >
                Invite users
              </button>
            </li>
          ) : null}
          <li>
            <a href="#channels/subscribed" onClick={() => setOpen(false)}>
              Channel settings
            </a>
          </li>
          <li>
            <a href="#groups/your" onClick={() => setOpen(false)}>
              Group settings
            </a>
          </li>
          <li>
            <button type="button" className="link-button" onClick={() => void logOut()}>
              Log out
            </button>
          </li>
        </ul>
      </div>
      {inviting ? <InviteDialog onClose={() => setInviting(false)} /> : null}
    </div>
  );
}
