import { Controller, Get, Header } from '@nestjs/common';
import { PublicEndpoint, RawResponse } from '../../wire/decorators';
import { IMAGE_LOADING_PLACEHOLDER_URL } from '../public/image-previews';

/** A grey ring with a dark quarter turning once a second: what a preview shows until its thumbnail exists. */
const SPINNER_SVG = [
  '<svg xmlns="http://www.w3.org/2000/svg" width="38" height="38" viewBox="0 0 38 38">',
  '<g fill="none" stroke-width="3" transform="translate(19 19)">',
  '<circle r="16" stroke="#000" stroke-opacity=".2"/>',
  '<path d="M16 0A16 16 0 0 0 0 -16" stroke="#000">',
  '<animateTransform attributeName="transform" type="rotate" from="0" to="360" dur="1s" repeatCount="indefinite"/>',
  '</path></g></svg>',
].join('');

/**
 * The spinner image of `image-loading-placeholder` previews (Zulip serves its own from its
 * static files), for clients that show the placeholder's `src` as it is.
 */
@Controller()
export class LoadingSpinnerController {
  @Get(IMAGE_LOADING_PLACEHOLDER_URL.slice(1))
  @PublicEndpoint()
  @RawResponse()
  @Header('Content-Type', 'image/svg+xml')
  @Header('Cache-Control', 'public, max-age=86400')
  @Header('X-Content-Type-Options', 'nosniff')
  spinner(): string {
    return SPINNER_SVG;
  }
}
