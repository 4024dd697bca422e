import { Injectable } from '@nestjs/common';
import { hostWithoutPort } from '../../platform/config/env-variables';
import { ServerSettings } from '../../platform/config/settings';

/** The root realm's subdomain. */
export const ROOT_SUBDOMAIN = '';

/**
 * How realms are named on the network: a realm with subdomain `sub` lives at
 * `sub.<EXTERNAL_HOST>`; the root realm at `EXTERNAL_HOST` itself.
 */
@Injectable()
export class RealmAddressing {
  constructor(private readonly server: ServerSettings) {}

  /** Host name without port: used in placeholder emails and bot addresses. */
  hostName(subdomain: string): string {
    const base = this.server.externalHostName;
    return subdomain === ROOT_SUBDOMAIN ? base : `${subdomain}.${base}`;
  }

  /** Host with port, as clients type it. */
  host(subdomain: string): string {
    const base = this.server.externalHost;
    return subdomain === ROOT_SUBDOMAIN ? base : `${subdomain}.${base}`;
  }

  /** Whether clients reach the server over TLS (`EXTERNAL_URI_SCHEME`): the pages' cookies are then `Secure`. */
  usesHttps(): boolean {
    return this.server.externalUriScheme === 'https://';
  }

  /** The realm's URL as its links start: `EXTERNAL_URI_SCHEME` and host, no final slash. */
  url(subdomain: string): string {
    return `${this.server.externalUriScheme}${this.host(subdomain)}`;
  }

  /**
   * The subdomain named by a request's Host header (port ignored), or the root realm when
   * the host is the bare external host or any other name (localhost, an IP address).
   */
  subdomainOf(hostHeader: string | undefined): string {
    if (!hostHeader) return ROOT_SUBDOMAIN;
    const host = hostWithoutPort(hostHeader);
    const base = this.server.externalHostName;
    if (host.length > base.length + 1 && host.endsWith(`.${base}`)) {
      return host.slice(0, host.length - base.length - 1);
    }
    return ROOT_SUBDOMAIN;
  }
}
