import { Global, Module } from '@nestjs/common';
import { bindPort } from '../platform/modules/upward-port';
import { DescriptionRenderer } from '../realm/public/markdown.port';
import { MarkdownModule } from './markdown.module';
import { MessageRenderer } from './message-renderer';

const ports = [bindPort(DescriptionRenderer, MessageRenderer)];

/**
 * Binds the renderer of the realm's texts for the modules below markdown (realm, channels,
 * profile fields), which realm declares as a port in its `public/` (docs/architecture.md,
 * "Reading a module above"). Global, so that their modules find it without importing
 * markdown; the composition root imports it.
 */
@Global()
@Module({ imports: [MarkdownModule], providers: ports, exports: ports })
export class MarkdownForModulesBelowModule {}
