import type { AuthMode } from '../../wire/decorators';
import type { WireParamSpec } from '../../wire/params/wire-param';

/** The parameter a trailing Fastify wildcard (`/user_uploads/*`) becomes; its value may hold slashes. */
export const WILDCARD_PARAMETER = 'wildcard_path';

/** A route as the code declares it: what the document generates its paths and parameters from. */
export interface DeclaredRoute {
  /** Lowercase HTTP method, as OpenAPI keys operations. */
  method: string;
  /** OpenAPI path template: `/api/v1/users/{user_id}`. */
  path: string;
  authMode: AuthMode;
  /** Sent as the handler returns it, without the JSON envelope. */
  raw: boolean;
  params: readonly WireParamSpec[];
}

/** `/api/v1/users/:user_id` (Nest or Fastify) as an OpenAPI path template. */
export function openApiPath(url: string): string {
  const withSlash = url.startsWith('/') ? url : `/${url}`;
  const trimmed = withSlash.length > 1 ? withSlash.replace(/\/+$/, '') : withSlash;
  return trimmed
    .replace(/:([A-Za-z_][A-Za-z0-9_]*)/g, '{$1}')
    .replace(/\*$/, `{${WILDCARD_PARAMETER}}`);
}

/** The names of a template's path parameters, in order. */
export function pathParameterNames(template: string): string[] {
  return [...template.matchAll(/\{([^}]+)\}/g)].map((match) => match[1]);
}
