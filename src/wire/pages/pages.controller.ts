import { Controller, Get, Header } from '@nestjs/common';
import { PAGE_STYLESHEET } from '../../platform/web/page-style';
import { PublicEndpoint, RawResponse } from '../decorators';

/** The pages' stylesheet: the one file a page loads. */
@Controller()
export class PagesController {
  @Get('static/pages.css')
  @PublicEndpoint()
  @RawResponse()
  @Header('Content-Type', 'text/css; charset=utf-8')
  @Header('Cache-Control', 'public, max-age=3600')
  stylesheet(): string {
    return PAGE_STYLESHEET;
  }
}
