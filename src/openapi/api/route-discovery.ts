import { Injectable, RequestMethod } from '@nestjs/common';
import { METHOD_METADATA, PATH_METADATA, ROUTE_ARGS_METADATA } from '@nestjs/common/constants';
import { DiscoveryService, MetadataScanner, Reflector } from '@nestjs/core';
import { AUTH_MODE, AuthMode, RAW_RESPONSE } from '../../wire/decorators';
import { declaredWireParams, WireParamSpec } from '../../wire/params/wire-param';
import { DeclaredRoute, openApiPath } from '../domain/route-shape';

interface RouteArgument {
  data?: unknown;
}

/**
 * Reads every controller route from Nest's metadata: paths, methods, authentication mode
 * and the `@WireParam` declarations of its `@Params` class, so that the document's paths
 * and parameters are the code's own.
 */
@Injectable()
export class RouteDiscovery {
  constructor(
    private readonly discovery: DiscoveryService,
    private readonly scanner: MetadataScanner,
    private readonly reflector: Reflector,
  ) {}

  routes(): DeclaredRoute[] {
    const routes: DeclaredRoute[] = [];
    for (const wrapper of this.discovery.getControllers()) {
      const type = wrapper.metatype as (new (...args: never[]) => object) | null;
      if (!type) continue;
      const prefixes = asList(Reflect.getMetadata(PATH_METADATA, type) as string | string[] | undefined);
      for (const name of this.scanner.getAllMethodNames(type.prototype)) {
        const handler = (type.prototype as Record<string, unknown>)[name] as (...args: unknown[]) => unknown;
        const paths = Reflect.getMetadata(PATH_METADATA, handler) as string | string[] | undefined;
        const method = Reflect.getMetadata(METHOD_METADATA, handler) as RequestMethod | undefined;
        if (paths === undefined || method === undefined) continue;
        const authMode = this.reflector.getAllAndOverride<AuthMode | undefined>(AUTH_MODE, [handler, type]) ?? 'required';
        const raw = this.reflector.getAllAndOverride<boolean | undefined>(RAW_RESPONSE, [handler, type]) === true;
        const params = handlerParams(type, name);
        for (const prefix of prefixes) {
          for (const path of asList(paths)) {
            routes.push({
              method: RequestMethod[method].toLowerCase(),
              path: openApiPath([prefix, path].filter((part) => part !== '' && part !== '/').join('/')),
              authMode,
              raw,
              params,
            });
          }
        }
      }
    }
    return routes;
  }
}

function asList(value: string | string[] | undefined): string[] {
  if (value === undefined) return [''];
  return Array.isArray(value) ? value : [value];
}

/** The wire parameters of the handler's `@Params(SomeParams)` argument, if it has one. */
function handlerParams(type: object, method: string): readonly WireParamSpec[] {
  const args = (Reflect.getMetadata(ROUTE_ARGS_METADATA, type, method) ?? {}) as Record<string, RouteArgument>;
  const specs: WireParamSpec[] = [];
  for (const argument of Object.values(args)) specs.push(...declaredWireParams(argument.data));
  return specs;
}
