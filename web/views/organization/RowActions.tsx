/** A list row's buttons for administrators: Edit (when it can be edited) and a destructive one, each named after the row. */
export function RowActions({ name, onEdit, onRemove, removeLabel = 'Delete' }: { name: string; onEdit?: () => void; onRemove: () => void; removeLabel?: string }) {
  return (
    <span className="admin-row-actions">
      {onEdit === undefined ? null : (
        <button type="button" className="button-quiet" aria-label={`Edit ${name}`} onClick={onEdit}>
          Edit
        </button>
      )}
      <button type="button" className="button-quiet button-quiet-danger" aria-label={`${removeLabel} ${name}`} onClick={onRemove}>
        {removeLabel}
      </button>
    </span>
  );
}
