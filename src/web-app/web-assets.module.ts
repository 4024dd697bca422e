import { Module } from '@nestjs/common';
import { WebAssetsController } from './api/web-assets.controller';

/** The web app's built files under `/static/webapp/` (docs/web-app.md). */
@Module({ controllers: [WebAssetsController] })
export class WebAssetsModule {}
