import { CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { UploadStore } from '../../platform/storage/upload-store';
import { ImageRepository } from '../persistence/image.repository';
import {
  closestThumbnail,
  formatName,
  parseFormatName,
  sameFormat,
  THUMBNAIL_OUTPUT_FORMATS,
  ThumbnailFormat,
  thumbnailPath,
} from '../public/thumbnail-formats';
import { ImageThumbnailer } from './image-thumbnailer';
import { storageKey } from './upload-storage';

/**
 * `GET /user_uploads/thumbnail/<path id>/<format name>`, once the reader was found allowed
 * to see the upload: the thumbnail's bytes.
 */
export class GetThumbnailCommand {
  constructor(
    readonly pathId: string,
    readonly formatName: string,
  ) {}
}

export type ThumbnailFile = { kind: 'missing' } | { kind: 'file'; data: Buffer; contentType: string; name: string };

const CONTENT_TYPES: Readonly<Record<string, string>> = { webp: 'image/webp', png: 'image/png', jpeg: 'image/jpeg', gif: 'image/gif' };

/**
 * Zulip's serve_file for a thumbnail format: only for uploads that are images; a current
 * format not made yet is made now (the background thumbnailer's work, done first); a
 * format the server does not make is served if it was made once, else the closest made.
 * A command, since answering may make the thumbnails.
 */
@CommandHandler(GetThumbnailCommand)
export class GetThumbnailHandler implements ICommandHandler<GetThumbnailCommand, ThumbnailFile> {
  constructor(
    private readonly images: ImageRepository,
    private readonly thumbnailer: ImageThumbnailer,
    private readonly store: UploadStore,
  ) {}

  async execute({ pathId, formatName: name }: GetThumbnailCommand): Promise<ThumbnailFile> {
    let row = await this.images.byPathId(pathId);
    const requested = parseFormatName(name);
    if (!row?.image || !requested) return { kind: 'missing' };
    const source = row.image;
    // A still source gets no animated thumbnails.
    const current = THUMBNAIL_OUTPUT_FORMATS.filter((format) => source.frames > 1 || !format.animated);
    let served: ThumbnailFormat = requested;
    if (!current.some((format) => sameFormat(format, requested))) {
      if (row.thumbnails.length === 0) return { kind: 'missing' };
      // The transcoded format, or one made by an earlier list, is served as made.
      if (!row.thumbnails.some((made) => sameFormat(made, requested))) served = closestThumbnail(requested, row.thumbnails);
    } else if (!row.thumbnails.some((made) => sameFormat(made, requested))) {
      await this.thumbnailer.ensure(row.id);
      row = await this.images.byPathId(pathId);
      if (!row?.thumbnails.some((made) => sameFormat(made, requested))) return { kind: 'missing' };
    }
    let data = await this.store.get(storageKey(thumbnailPath(pathId, served)));
    if (!data) {
      // Recorded but not on disk (an imported realm brings no thumbnails): made again.
      await this.thumbnailer.remake(row.id, served);
      data = await this.store.get(storageKey(thumbnailPath(pathId, served)));
      if (!data) return { kind: 'missing' };
    }
    return { kind: 'file', data, contentType: CONTENT_TYPES[served.extension] ?? 'application/octet-stream', name: formatName(served) };
  }
}
