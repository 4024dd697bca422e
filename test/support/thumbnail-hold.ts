import { fixtureSql } from './fixture-sql';
import { until } from './until';

/**
 * An upload's thumbnails held back and let go, so that a message linking the image can be
 * sent while the thumbnails do not exist yet: without the hold, the background thumbnailer
 * races the send, and the message may be rendered with the thumbnail from the start.
 */

/** True once the upload's thumbnails are recorded; undefined (for `until`) before. */
export async function thumbnailed(pathId: string): Promise<true | undefined> {
  const [row] = await fixtureSql<{ made: number }>(`SELECT jsonb_array_length(thumbnail_metadata) AS made FROM attachment WHERE path_id = $1`, [pathId]);
  return row.made > 0 ? true : undefined;
}

/**
 * Puts an upload back to "not thumbnailed, not due": what it is between its upload and a
 * thumbnailer's turn, held there so that a message can be sent while it waits.
 */
export async function holdBackThumbnails(pathId: string): Promise<void> {
  await until(() => thumbnailed(pathId), 'thumbnails');
  await fixtureSql(`UPDATE attachment SET thumbnail_metadata = '[]'::jsonb, thumbnail_due_at = now() + interval '1 day' WHERE path_id = $1`, [pathId]);
}

/** Makes a held upload due, with no wake: as after a restart, only the sweep finds it. */
export async function releaseThumbnails(pathId: string): Promise<void> {
  await fixtureSql(`UPDATE attachment SET thumbnail_due_at = now() WHERE path_id = $1`, [pathId]);
}
