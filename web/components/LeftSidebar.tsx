import type { Filter } from '../store/narrow';
import { ChannelList } from './ChannelList';
import { DmList } from './DmList';
import { RealmBrand } from './RealmBrand';
import { ViewsList } from './ViewsList';

/** The left sidebar: the organization's logo or name, views, channels and DMs (a drawer on phones). */
export function LeftSidebar({ current, open }: { current: Filter; open: boolean }) {
  return (
    <nav id="left-sidebar" className={open ? 'left-sidebar drawer-open' : 'left-sidebar'} aria-label="Views and channels">
      <RealmBrand />
      <ViewsList current={current} />
      <ChannelList current={current} />
      <DmList current={current} />
    </nav>
  );
}
