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
