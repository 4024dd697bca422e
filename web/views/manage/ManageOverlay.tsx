import { useEffect, useRef, type ReactNode } from 'react';
import { narrowBeforeSettings, useEscapeToNarrow } from '../../app/use-settings-route';
import { NoticeBanner } from '../../components/NoticeBanner';
import { OfflineBanner } from '../../components/OfflineBanner';

export interface ManageListItem {
  readonly id: number;
  readonly href: string;
  readonly label: string;
  /** Before the name: a channel's # or lock, in its colour. */
  readonly mark?: ReactNode;
  readonly detail?: string;
}

interface ManageOverlayProps {
  /** The overlay's heading: "Channel settings", "Group settings". */
  readonly title: string;
  /** The two lists (the person's own, all), as links with the open one current. */
  readonly lists: readonly { readonly href: string; readonly label: string; readonly current: boolean }[];
  readonly listLabel: string;
  readonly items: readonly ManageListItem[];
  readonly emptyText: string;
  readonly selectedId: number | null;
  /** The create link (`#channels/new`), left out for those the server would refuse. */
  readonly create: { readonly href: string; readonly label: string; readonly current: boolean } | null;
  /** Whether the right side shows something (an item or the new form): on phones the list then steps aside. */
  readonly showingDetail: boolean;
  readonly children: ReactNode;
}

/**
 * Zulip's channel and group settings overlays: in place of the feed, a list on the left
 * (the person's own or all, and a create link) and the open item's tabs on the right. On
 * phones one column: the list, or the open item with a link back to the list.
 */
export function ManageOverlay({ title, lists, listLabel, items, emptyText, selectedId, create, showingDetail, children }: ManageOverlayProps) {
  const heading = useRef<HTMLHeadingElement>(null);
  useEscapeToNarrow();
  useEffect(() => {
    heading.current?.focus();
  }, [title]);
  const currentList = lists.find((entry) => entry.current) ?? lists[0];
  return (
    <div className={showingDetail ? 'settings-page manage-page manage-showing-detail' : 'settings-page manage-page'}>
      <header className="settings-header">
        <a className="button-quiet settings-back" href={narrowBeforeSettings()}>
          <span aria-hidden="true">←</span> Back<span className="settings-back-more"> to messages</span>
        </a>
        <h1 ref={heading} tabIndex={-1}>
          {title}
        </h1>
      </header>
      <div className="settings-side manage-side">
        <nav className="settings-tabs" aria-label={`${title} lists`}>
          {lists.map((entry) => (
            <a key={entry.href} href={entry.href} aria-current={entry.current ? 'page' : undefined}>
              {entry.label}
            </a>
          ))}
        </nav>
        {create === null ? null : (
          <a className="button-primary manage-create" href={create.href} aria-current={create.current ? 'page' : undefined}>
            {create.label}
          </a>
        )}
        <nav className="settings-nav manage-list" aria-label={listLabel}>
          {items.length === 0 ? <p className="settings-empty">{emptyText}</p> : null}
          <ul>
            {items.map((item) => (
              <li key={item.id}>
                <a href={item.href} aria-current={item.id === selectedId ? 'page' : undefined}>
                  {item.mark}
                  <span className="manage-item-name">{item.label}</span>
                  {item.detail === undefined || item.detail === '' ? null : <span className="manage-item-detail">{item.detail}</span>}
                </a>
              </li>
            ))}
          </ul>
        </nav>
      </div>
      <main className="settings-main manage-main" aria-label={title}>
        <OfflineBanner />
        <NoticeBanner />
        {showingDetail && currentList !== undefined ? (
          <a className="button-quiet manage-to-list" href={currentList.href}>
            <span aria-hidden="true">←</span> {currentList.label}
          </a>
        ) : null}
        {children}
      </main>
    </div>
  );
}

/** The open item's tabs (General, Personal, Subscribers; General, Members) as links. */
export function ManageTabs({ tabs, current, label }: { tabs: readonly { readonly id: string; readonly label: string; readonly href: string }[]; current: string; label: string }) {
  return (
    <nav className="manage-tabs" aria-label={label}>
      {tabs.map((tab) => (
        <a key={tab.id} href={tab.href} aria-current={tab.id === current ? 'page' : undefined}>
          {tab.label}
        </a>
      ))}
    </nav>
  );
}
