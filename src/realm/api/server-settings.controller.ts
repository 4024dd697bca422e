import { realmImageUrl } from '../public/realm-images';
import { Controller, Get } from '@nestjs/common';
import { PushSettings, ServerSettings } from '../../platform/config/settings';
import { CurrentRealm, PublicEndpoint } from '../../wire/decorators';
import { RealmRef } from '../../shared/realm-ref';
import { RenderedRealmDescription } from '../queries/rendered-realm-description';
import { RealmAddressing } from '../public/realm-addressing';
import { versionFields } from '../../shared/server-version';
import { RealmRepository } from '../persistence/realm.repository';

/** What clients ask before anything else; answers whatever credentials are sent. */
@Controller('api/v1')
export class ServerSettingsController {
  constructor(
    private readonly realms: RealmRepository,
    private readonly addressing: RealmAddressing,
    private readonly server: ServerSettings,
    private readonly push: PushSettings,
    private readonly description: RenderedRealmDescription,
  ) {}

  @Get('server_settings')
  @PublicEndpoint()
  async serverSettings(@CurrentRealm() requestRealm: RealmRef): Promise<Record<string, unknown>> {
    const realm = await this.realms.requireById(requestRealm.id);
    const url = this.addressing.url(realm.stringId);
    return {
      authentication_methods: {
        password: true,
        dev: false,
        email: true,
        ldap: false,
        remoteuser: false,
        github: false,
        azuread: false,
        gitlab: false,
        apple: false,
        google: false,
        saml: false,
        'openid connect': false,
      },
      external_authentication_methods: [],
      ...versionFields(this.server.zulipClientCompat),
      // Zulip's push_notifications_configured: whether this server sends push notifications at all.
      push_notifications_enabled: this.push.enabled,
      is_incompatible: false,
      email_auth_enabled: true,
      require_email_format_usernames: true,
      realm_uri: url,
      realm_url: url,
      realm_name: realm.name,
      realm_icon: realmImageUrl(realm, 'icon'),
      realm_description: await this.description.of(realm.id, realm.description),
      realm_web_public_access_enabled: false,
    };
  }
}
