import { Module } from '@nestjs/common';
import { DiscoveryModule } from '@nestjs/core';
import { OpenApiController } from './api/openapi.controller';
import { OpenApiDocumentService } from './api/openapi-document.service';
import { RouteDiscovery } from './api/route-discovery';

/** The API's OpenAPI 3.1 document, generated from the controllers, and its browsable page. */
@Module({
  imports: [DiscoveryModule],
  controllers: [OpenApiController],
  providers: [RouteDiscovery, OpenApiDocumentService],
})
export class OpenApiModule {}
