import { useCallback, useRef, useState } from 'react';
import type { UploadProgress } from '../app/use-uploads';
import { EmojiPicker } from './EmojiPicker';

interface ComposeToolbarProps {
  previewing: boolean;
  onPreviewChange: (previewing: boolean) => void;
  onFiles: (files: File[]) => void;
  onEmoji: (name: string) => void;
  uploads: readonly UploadProgress[];
  uploadError: string | null;
}

/** Under the message: emoji, file upload, and the Preview / Write switch; uploads in progress and their failures. */
export function ComposeToolbar({ previewing, onPreviewChange, onFiles, onEmoji, uploads, uploadError }: ComposeToolbarProps) {
  const [picking, setPicking] = useState(false);
  const fileInput = useRef<HTMLInputElement>(null);
  const emojiButton = useRef<HTMLButtonElement>(null);
  const close = useCallback(() => setPicking(false), []);
  return (
    <div className="compose-toolbar">
      <span className="popover-anchor">
        <button ref={emojiButton} type="button" className="icon-button" aria-label="Add emoji" aria-expanded={picking} title="Add emoji" onClick={() => setPicking(!picking)}>
          <span aria-hidden="true">☺</span>
        </button>
        {picking ? (
          <EmojiPicker
            anchor={emojiButton}
            label="Insert an emoji"
            onClose={close}
            onPick={(emoji) => {
              setPicking(false);
              onEmoji(emoji.emoji_name);
            }}
          />
        ) : null}
      </span>
      <button type="button" className="icon-button" aria-label="Upload files" title="Upload files" onClick={() => fileInput.current?.click()}>
        <span aria-hidden="true">📎</span>
      </button>
      <input
        ref={fileInput}
        type="file"
        multiple
        hidden
        aria-label="Files to upload"
        onChange={(event) => {
          onFiles([...(event.target.files ?? [])]);
          event.target.value = '';
        }}
      />
      <button type="button" className="button-quiet compose-preview-toggle" onClick={() => onPreviewChange(!previewing)}>
        {previewing ? 'Write' : 'Preview'}
      </button>
      <div className="compose-uploads" role="status">
        {uploads.map((upload) => (
          <span key={upload.id} className="compose-upload">
            Uploading {upload.name}… <progress max={1} value={upload.fraction} aria-label={`Uploading ${upload.name}`} />
          </span>
        ))}
      </div>
      {uploadError === null ? null : (
        <p className="compose-problem" role="alert">
          {uploadError}
        </p>
      )}
    </div>
  );
}
