import { createParamDecorator, ExecutionContext } from '@nestjs/common';
import { FastifyRequest } from 'fastify';
import { contextOf } from '../request-context';
import { decodeParams, ParamClass } from './wire-param';

/** Injects an endpoint's decoded and validated parameters: `@Params(SendMessageParams) p`. */
export const Params = createParamDecorator((type: ParamClass<object>, ctx: ExecutionContext) => {
  const request = ctx.switchToHttp().getRequest<FastifyRequest>();
  return decodeParams(type, contextOf(request), (request.params ?? {}) as Record<string, string>);
});
