import { UploadStore } from '../../platform/storage/upload-store';

/** Where message uploads live in the upload store (apart from avatars and emoji). */
export const storageKey = (pathId: string) => `files/${pathId}`;

/** Removes an upload's file and its thumbnails (`files/thumbnail/<path id>/`). */
export async function removeUploadFiles(store: UploadStore, pathId: string): Promise<void> {
  await store.remove(storageKey(pathId));
  await store.removeFolder(storageKey(`thumbnail/${pathId}`));
}
