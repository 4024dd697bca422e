import { CanActivate, ExecutionContext, UseGuards } from '@nestjs/common';
import { FastifyRequest } from 'fastify';
import { contextOf } from './request-context';
import { Actor } from '../shared/actor';

/** An authorization rule about the caller alone (src/shared/authorization.ts): throws to refuse. */
export type ActorCheck = (actor: Actor) => void;

/** Runs the route's checks on the authenticated user; the global ApiAuthGuard has run before it. */
class AuthorizeGuard implements CanActivate {
  constructor(private readonly checks: readonly ActorCheck[]) {}

  canActivate(ctx: ExecutionContext): boolean {
    const actor = contextOf(ctx.switchToHttp().getRequest<FastifyRequest>()).requireUser();
    for (const check of this.checks) check(actor);
    return true;
  }
}

/**
 * Zulip's view decorators (`@require_realm_admin`, `@human_users_only`, ...) on a route:
 * the given checks run before any parameter is read, so a refused caller gets the refusal
 * whatever it sent. The checks are the same functions handlers call.
 */
export const Authorize = (...checks: ActorCheck[]): MethodDecorator & ClassDecorator => UseGuards(new AuthorizeGuard(checks));
