/** An unread count, right-aligned in its row; read aloud as "N unread". Nothing when there is none. */
export function UnreadCount({ count, mention = false }: { count: number; mention?: boolean }) {
  if (count <= 0) return null;
  return (
    <span className={mention ? 'unread-count unread-mention' : 'unread-count'}>
      {count}
      <span className="visually-hidden"> unread</span>
    </span>
  );
}
