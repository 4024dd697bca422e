import { Controller, Get, Header } from '@nestjs/common';
import { PublicEndpoint, RawResponse } from '../../wire/decorators';
import { unicodeEmoji } from '../public/unicode-emoji';

let body: string | undefined;

/**
 * The file register's `server_emoji_data_url` names: the Unicode emoji this server
 * accepts, `{"code_to_names": {code: [canonical name, ...aliases]}}`.
 */
@Controller('static/generated/emoji')
export class EmojiDataController {
  @Get('emoji_api.json')
  @PublicEndpoint()
  @RawResponse()
  @Header('Content-Type', 'application/json')
  @Header('Cache-Control', 'public, max-age=86400')
  emojiData(): string {
    body ??= JSON.stringify({ code_to_names: unicodeEmoji().codeToNames() });
    return body;
  }
}
