import { CallHandler, ExecutionContext, Injectable, NestInterceptor } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import { FastifyRequest } from 'fastify';
import { map, Observable } from 'rxjs';
import { RAW_RESPONSE } from './decorators';
import { contextOf } from './request-context';

/**
 * Wraps every handler's result in the success envelope and lists the request's parameters
 * the endpoint did not read in `ignored_parameters_unsupported`.
 */
@Injectable()
export class EnvelopeInterceptor implements NestInterceptor {
  constructor(private readonly reflector: Reflector) {}

  intercept(ctx: ExecutionContext, next: CallHandler): Observable<unknown> {
    if (this.reflector.getAllAndOverride<boolean>(RAW_RESPONSE, [ctx.getHandler(), ctx.getClass()])) {
      return next.handle();
    }
    const request = ctx.switchToHttp().getRequest<FastifyRequest>();
    return next.handle().pipe(
      map((data: unknown) => {
        const context = contextOf(request);
        const body: Record<string, unknown> = { result: 'success', msg: '', ...(data as Record<string, unknown>) };
        const ignored = [...context.params.keys()].filter((name) => !context.usedParams.has(name));
        if (ignored.length > 0) body.ignored_parameters_unsupported = ignored;
        return body;
      }),
    );
  }
}
