import { useRef, useState } from 'react';
import { useActions } from './services';

export interface UploadProgress {
  readonly id: number;
  readonly name: string;
  /** 0 to 1. */
  readonly fraction: number;
}

interface UploadTarget {
  /** Puts text at the cursor. */
  insert(text: string): void;
  /** Replaces `placeholder` (wherever the person's typing has moved it) with `replacement`. */
  replace(placeholder: string, replacement: string): void;
}

/** Square brackets would end the link text early. */
function linkText(name: string): string {
  return name.replace(/[[\]]/g, '');
}

/**
 * Uploads files as Zulip's compose box does: `[Uploading name…]()` goes in at the cursor at
 * once, and becomes `[name](url)` when the upload is done, or goes away with the server's
 * words shown when it fails.
 */
export function useUploads(target: UploadTarget): { uploads: readonly UploadProgress[]; error: string | null; start(files: readonly File[]): void } {
  const actions = useActions();
  const [uploads, setUploads] = useState<readonly UploadProgress[]>([]);
  const [error, setError] = useState<string | null>(null);
  const counter = useRef(0);
  const latest = useRef(target);
  latest.current = target;

  const uploadOne = async (file: File) => {
    counter.current += 1;
    const id = counter.current;
    const name = linkText(file.name) || 'file';
    const placeholder = `[Uploading ${name}…]()`;
    setUploads((list) => [...list, { id, name, fraction: 0 }]);
    latest.current.insert(placeholder);
    try {
      const answer = await actions.compose.upload(file, (fraction) => setUploads((list) => list.map((upload) => (upload.id === id ? { ...upload, fraction } : upload))));
      latest.current.replace(placeholder, `[${name}](${answer.url})`);
    } catch (problem) {
      latest.current.replace(placeholder, '');
      setError(problem instanceof Error ? problem.message : String(problem));
    } finally {
      setUploads((list) => list.filter((upload) => upload.id !== id));
    }
  };

  return {
    uploads,
    error,
    start(files) {
      setError(null);
      for (const file of files) void uploadOne(file);
    },
  };
}
