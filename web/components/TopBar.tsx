import type { Filter } from '../store/narrow';
import { selectDmTitle, topicLabel } from '../store/selectors';
import { useSelector } from '../store/use-store';
import { Icon } from './Icon';
import { PersonalMenu } from './PersonalMenu';
import { SearchBox } from './SearchBox';

interface TopBarProps {
  filter: Filter;
  leftOpen: boolean;
  rightOpen: boolean;
  onToggleLeft: () => void;
  onToggleRight: () => void;
}

/** The bar over the feed: what is open, and (on narrow screens) the buttons for the sidebars. */
export function TopBar({ filter, leftOpen, rightOpen, onToggleLeft, onToggleRight }: TopBarProps) {
  const title = useSelector((state) => {
    switch (filter.kind) {
      case 'feed':
        return 'Combined feed';
      case 'starred':
        return 'Starred messages';
      case 'mentioned':
        return 'Mentions';
      case 'search':
        return `Search: ${filter.query}`;
      case 'dm':
        return `Direct messages with ${selectDmTitle(state, filter.userIds)}`;
      case 'channel': {
        const name = `#${state.channels[filter.channelId]?.name ?? 'unknown channel'}`;
        return filter.topic === undefined ? name : `${name} › ${topicLabel(state, filter.topic)}`;
      }
    }
  });
  // The channel's description, as Zulip's navbar shows it (as text: it is the owner's words).
  const description = useSelector((state) => (filter.kind === 'channel' ? (state.channels[filter.channelId]?.description ?? '') : ''));
  return (
    <header className="top-bar">
      <button type="button" className="icon-button drawer-button" aria-controls="left-sidebar" aria-expanded={leftOpen} onClick={onToggleLeft}>
        <Icon name="menu" />
        <span className="visually-hidden">Channels</span>
      </button>
      <h1 className="narrow-title">{title}</h1>
      {description === '' ? null : <p className="narrow-description">{description}</p>}
      <SearchBox current={filter.kind === 'search' ? filter.query : ''} />
      <button type="button" className="icon-button drawer-button people-button" aria-controls="right-sidebar" aria-expanded={rightOpen} onClick={onToggleRight}>
        <Icon name="people" />
        <span className="visually-hidden">People</span>
      </button>
      <PersonalMenu />
    </header>
  );
}
