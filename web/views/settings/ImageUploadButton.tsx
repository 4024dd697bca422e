/**
 * A button that picks one image file (a label styled as a button, for a hidden file
 * input, so the system's picker opens), handing the file on; picking the same file again
 * picks it again.
 */
export function ImageUploadButton({ id, label, describedBy, onFile }: { id: string; label: string; describedBy?: string; onFile: (file: File) => void }) {
  return (
    <>
      <label className="button-quiet" htmlFor={id}>
        {label}
      </label>
      <input
        id={id}
        className="visually-hidden"
        type="file"
        accept="image/*"
        aria-describedby={describedBy}
        onChange={(event) => {
          const file = event.target.files?.[0];
          event.target.value = '';
          if (file !== undefined) onFile(file);
        }}
      />
    </>
  );
}
