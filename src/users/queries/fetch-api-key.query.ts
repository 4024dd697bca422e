import { IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import { PasswordSignIn } from '../commands/password-sign-in';

/** `POST /fetch_api_key`: trade an email and password for the API key. */
export class FetchApiKeyQuery {
  constructor(
    readonly realmId: number,
    readonly username: string,
    readonly password: string,
  ) {}
}

export interface FetchedApiKey {
  api_key: string;
  email: string;
  user_id: number;
}

@QueryHandler(FetchApiKeyQuery)
export class FetchApiKeyHandler implements IQueryHandler<FetchApiKeyQuery, FetchedApiKey> {
  constructor(private readonly signIn: PasswordSignIn) {}

  async execute(query: FetchApiKeyQuery): Promise<FetchedApiKey> {
    const user = await this.signIn.authenticate(query.realmId, query.username, query.password);
    return { api_key: user.apiKey, email: user.deliveryEmail, user_id: user.id };
  }
}
