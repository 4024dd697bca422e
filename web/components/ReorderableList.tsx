import { useEffect, useId, useRef, useState, type DragEvent, type KeyboardEvent, type ReactNode } from 'react';
import { moved } from '../app/profile-fields';
import { useRequest } from '../app/use-request';
import { FieldMessage } from '../views/settings/FieldMessage';

interface ReorderableListProps<T> {
  items: readonly T[];
  keyOf: (item: T) => number;
  /** What the handle's label names (a field's label, a linkifier's pattern). */
  nameOf: (item: T) => string;
  /** False for people who may not reorder: no handles, nothing draggable. */
  editable: boolean;
  /** Asks the server for the new order; the list shows it until the store has it, or the server's words if refused. */
  onReorder: (ids: number[]) => Promise<void>;
  renderItem: (item: T) => ReactNode;
  label: string;
}

/**
 * A list whose entries are reordered by dragging their grip, as in Zulip's settings tables,
 * or from the keyboard: the grip is a button, and the up and down arrows move its entry.
 * The new order shows at once; the store's (from the server's event) replaces it.
 */
export function ReorderableList<T>({ items, keyOf, nameOf, editable, onReorder, renderItem, label }: ReorderableListProps<T>) {
  const [asked, setAsked] = useState<T[] | null>(null);
  const [dragged, setDragged] = useState<number | null>(null);
  const [focusKey, setFocusKey] = useState<number | null>(null);
  const handles = useRef(new Map<number, HTMLButtonElement>());
  const hintId = useId();
  const request = useRequest();
  useEffect(() => setAsked(null), [items]);
  useEffect(() => {
    if (focusKey !== null) handles.current.get(focusKey)?.focus();
  }, [focusKey, asked, items]);
  const shown = asked ?? items;

  const move = (from: number, to: number) => {
    if (from === to || to < 0 || to >= shown.length) return;
    const next = moved(shown, from, to);
    setAsked(next);
    void request.run(() => onReorder(next.map(keyOf))).then((saved) => {
      if (!saved) setAsked(null);
    });
  };
  const onHandleKey = (event: KeyboardEvent<HTMLButtonElement>, index: number, key: number) => {
    const to = event.key === 'ArrowUp' ? index - 1 : event.key === 'ArrowDown' ? index + 1 : null;
    if (to === null) return;
    event.preventDefault();
    setFocusKey(key);
    move(index, to);
  };
  const onDrop = (event: DragEvent<HTMLLIElement>, index: number) => {
    event.preventDefault();
    const from = shown.findIndex((item) => keyOf(item) === dragged);
    setDragged(null);
    if (from !== -1) move(from, index);
  };

  return (
    <>
      {editable ? (
        <p id={hintId} className="visually-hidden">
          Drag a row by its grip, or focus the grip and press the up or down arrow, to change the order.
        </p>
      ) : null}
      <ul className="settings-list reorderable-list" aria-label={label}>
      {shown.map((item, index) => {
        const key = keyOf(item);
        return (
          <li
            key={key}
            className={dragged === key ? 'reorderable-row dragging' : 'reorderable-row'}
            draggable={editable}
            onDragStart={(event) => {
              event.dataTransfer.effectAllowed = 'move';
              event.dataTransfer.setData('text/plain', String(key));
              setDragged(key);
            }}
            onDragEnd={() => setDragged(null)}
            onDragOver={(event) => {
              if (dragged !== null) event.preventDefault();
            }}
            onDrop={(event) => onDrop(event, index)}
          >
            {editable ? (
              <button
                type="button"
                className="icon-button drag-handle"
                ref={(node) => {
                  if (node === null) handles.current.delete(key);
                  else handles.current.set(key, node);
                }}
                aria-label={`Move ${nameOf(item)}`}
                aria-describedby={hintId}
                onKeyDown={(event) => onHandleKey(event, index, key)}
                // Moving the row blurs its grip with nowhere to go; only the person's own move elsewhere ends the refocusing.
                onBlur={(event) => {
                  if (event.relatedTarget !== null) setFocusKey(null);
                }}
              >
                ⠿
              </button>
            ) : null}
            {renderItem(item)}
          </li>
        );
      })}
      </ul>
      <FieldMessage id={`${hintId}-message`} error={request.error} />
    </>
  );
}
