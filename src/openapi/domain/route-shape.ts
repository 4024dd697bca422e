/** How a route takes credentials, as the document tells it (the HTTP layer's auth modes). */
export type RouteAuthMode = 'required' | 'none' | 'optional' | 'page' | 'webhook';

/** A parameter's value type on the wire: Zulip sends JSON-encoded values for `json`. */
export type ParamKind = 'string' | 'int' | 'bool' | 'json';

/** What the document needs to know of one declared parameter. */
export interface RouteParam {
  property: string;
  kind: ParamKind;
  optional?: boolean;
  default?: unknown;
  aliases?: readonly string[];
  path?: boolean;
}

/** The parameter a trailing Fastify wildcard (`/user_uploads/*`) becomes; its value may hold slashes. */
export const WILDCARD_PARAMETER = 'wildcard_path';

/** A route as the code declares it: what the document generates its paths and parameters from. */
export interface DeclaredRoute {
  /** Lowercase HTTP method, as OpenAPI keys operations. */
  method: string;
  /** OpenAPI path template: `/api/v1/users/{user_id}`. */
  path: string;
  authMode: RouteAuthMode;
  /** Sent as the handler returns it, without the JSON envelope. */
  raw: boolean;
  params: readonly RouteParam[];
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
