/** The server's words about a field's last change (role="alert" so it is read out), or a quiet confirmation. */
export function FieldMessage({ id, error, done }: { id: string; error: string | null; done?: string | null }) {
  if (error !== null) {
    return (
      <p id={id} className="field-error" role="alert">
        {error}
      </p>
    );
  }
  return done === undefined || done === null ? null : (
    <p id={id} className="field-done" role="status">
      {done}
    </p>
  );
}

/** What a setting row says under its control: its note (if any), then the server's words about the last change. */
export function RowFooter({ id, note, error }: { id: string; note: string | undefined; error: string | null }) {
  return (
    <>
      {note === undefined ? null : (
        <p id={`${id}-note`} className="setting-note">
          {note}
        </p>
      )}
      <FieldMessage id={`${id}-message`} error={error} />
    </>
  );
}

/** The ids a row's control is described by: its note and the server's words, those that show. */
export function describedByOf(id: string, note: string | undefined, error: string | null): string | undefined {
  return [note === undefined ? '' : `${id}-note`, error === null ? '' : `${id}-message`].join(' ').trim() || undefined;
}
