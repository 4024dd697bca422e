import type { Filter } from '../store/narrow';
import { useSelector } from '../store/use-store';
import { ChannelList } from './ChannelList';
import { DmList } from './DmList';
import { ViewsList } from './ViewsList';

/** The left sidebar: the realm's name, views, channels and DMs (a drawer on phones). */
export function LeftSidebar({ current, open }: { current: Filter; open: boolean }) {
  const realmName = useSelector((state) => state.session?.realmName ?? '');
  return (
    <nav id="left-sidebar" className={open ? 'left-sidebar drawer-open' : 'left-sidebar'} aria-label="Views and channels">
      <p className="realm-name">{realmName}</p>
      <ViewsList current={current} />
      <ChannelList current={current} />
      <DmList current={current} />
    </nav>
  );
}
