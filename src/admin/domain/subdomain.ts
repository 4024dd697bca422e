import { ApiError } from '../../shared/api-error';

export const MAX_SUBDOMAIN_LENGTH = 40;
export const MAX_REALM_NAME_LENGTH = 40;

/** Lowercase letters, digits and inner hyphens, as in a DNS label. */
export function checkSubdomain(subdomain: string): string {
  if (subdomain.length === 0) throw ApiError.badRequest('Subdomain cannot be empty.');
  if (subdomain.length > MAX_SUBDOMAIN_LENGTH) {
    throw ApiError.badRequest(`Subdomain too long (limit: ${MAX_SUBDOMAIN_LENGTH} characters).`);
  }
  if (!/^[a-z0-9]([a-z0-9-]*[a-z0-9])?$/.test(subdomain)) {
    throw ApiError.badRequest('Subdomain can only have lowercase letters, numbers, and \'-\'s, and may not start or end with a \'-\'.');
  }
  return subdomain;
}

export function checkRealmName(raw: string): string {
  const name = raw.trim();
  if (name === '') throw ApiError.badRequest('Organization name cannot be empty.');
  if ([...name].length > MAX_REALM_NAME_LENGTH) {
    throw ApiError.badRequest(`Organization name too long (limit: ${MAX_REALM_NAME_LENGTH} characters).`);
  }
  return name;
}
