import { Inject, Injectable } from '@nestjs/common';
import { FEATURE_LEVEL, SERVER_VERSION } from '../../shared/server-version';
import { buildDocument, OpenApiDocument } from '../domain/build-document';
import { COMPONENTS } from '../domain/components';
import { OPERATION_EXAMPLES } from '../domain/guide/examples';
import { OPERATION_GUIDES } from '../domain/guide';
import { PARAMETER_DESCRIPTIONS } from '../domain/guide/parameters';
import { OPERATIONS } from '../domain/operations';
import { OBSERVABILITY_ROUTES } from '../domain/operations/observability.operations';
import { GetEventsParams, LONG_POLL_PATH } from '../../events/api/long-poll.route';
import { declaredWireParams } from '../../wire/params/wire-param';
import { DeclaredRoute } from '../domain/route-shape';
import { RouteDiscovery } from './route-discovery';

/** The long-poll route, served on Fastify beside Nest's controllers (events/api/long-poll.route.ts). */
const LONG_POLL_ROUTE: DeclaredRoute = {
  method: 'get',
  path: LONG_POLL_PATH,
  authMode: 'required',
  raw: false,
  params: declaredWireParams(GetEventsParams),
};

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
        routes: [...this.discovery.routes(), ...OBSERVABILITY_ROUTES, LONG_POLL_ROUTE],
        operations: OPERATIONS,
        components: COMPONENTS,
        guides: OPERATION_GUIDES,
        parameters: PARAMETER_DESCRIPTIONS,
        examples: OPERATION_EXAMPLES,
      });
      this.cached = { document, json: JSON.stringify(document) };
    }
    return this.cached;
  }
}
