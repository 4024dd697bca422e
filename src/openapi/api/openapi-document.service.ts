import { Inject, Injectable } from '@nestjs/common';
import { FEATURE_LEVEL, SERVER_VERSION } from '../../realm/domain/server-version';
import { buildDocument, OpenApiDocument } from '../domain/build-document';
import { COMPONENTS } from '../domain/components';
import { OPERATIONS } from '../domain/operations';
import { OBSERVABILITY_ROUTES } from '../domain/operations/observability.operations';
import { RouteDiscovery } from './route-discovery';

/** Builds the document once, from the controllers Nest knows and the operation table. */
@Injectable()
export class OpenApiDocumentService {
  private cached: { document: OpenApiDocument; json: string } | undefined;

  constructor(@Inject(RouteDiscovery) private readonly discovery: RouteDiscovery) {}

  document(): OpenApiDocument {
    return this.build().document;
  }

  json(): string {
    return this.build().json;
  }

  private build(): { document: OpenApiDocument; json: string } {
    if (!this.cached) {
      const document = buildDocument({
        version: SERVER_VERSION,
        featureLevel: FEATURE_LEVEL,
        routes: [...this.discovery.routes(), ...OBSERVABILITY_ROUTES],
        operations: OPERATIONS,
        components: COMPONENTS,
      });
      this.cached = { document, json: JSON.stringify(document) };
    }
    return this.cached;
  }
}
