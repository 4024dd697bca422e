import { appliedMigrations } from '../../platform/database/database-probes';
import { Injectable } from '@nestjs/common';
import { CommandBus, QueryBus } from '@nestjs/cqrs';
import * as path from 'node:path';
import { DataSource } from 'typeorm';
import { RealmTransferError } from '../../realm-transfer/public/realm-archive';
import { ImportRealmCommand } from '../../realm-transfer/commands/import-realm.command';
import { ExportRealmQuery } from '../../realm-transfer/queries/export-realm.query';
import { RealmDirectory } from '../../realm/queries/realm-directory';
import { EnqueueDigestEmailsCommand } from '../../digest/commands/enqueue-digest-emails.command';
import { ApiError } from '../../shared/api-error';
import { ROLE_NAMES } from '../../shared/roles';
import { UserDirectory } from '../../users/queries/user-directory';
import { CreatedRealm, CreateRealmCommand } from '../commands/create-realm.command';
import { CreatedUser, CreateUserCommand } from '../commands/create-user.command';
import { DeactivateUserCommand } from '../commands/deactivate-user.command';
import { DeactivateRealmCommand, ReactivateRealmCommand } from '../commands/realm-activation.commands';
import { CliMailCommands } from './cli-mail-commands';
import { CliOperations, OperationError } from './cli-operations';
import { servingCli } from './cli-serving';
import { CLI_USAGE, CliArgs, CliError, checkOptions } from './cli-args';

/**
 * The management commands, run in whichever process owns the data: the CLI itself, or a
 * running server the CLI handed them to.
 */
@Injectable()
export class CliCommands {
  constructor(
    private readonly commandBus: CommandBus,
    private readonly queryBus: QueryBus,
    private readonly realms: RealmDirectory,
    private readonly users: UserDirectory,
    private readonly dataSource: DataSource,
    private readonly operations: CliOperations,
    private readonly mail: CliMailCommands,
  ) {}

  async run(command: string, args: CliArgs): Promise<object> {
    checkOptions(command, args);
    try {
      switch (command) {
        case 'create-realm':
          return await this.createRealm(args);
        case 'create-user':
          return await this.createUser(args);
        case 'deactivate-user':
          return await this.deactivateUser(args);
        case 'reactivate-user':
          return await this.operations.reactivateUser(await this.realm(args), required(args, 'email'));
        case 'regenerate-api-key':
          return await this.operations.regenerateApiKey(await this.realm(args), required(args, 'email'));
        case 'change-role':
          return await this.operations.changeRole(await this.realm(args), required(args, 'email'), required(args, 'role'));
        case 'change-password':
          return await this.operations.changePassword(await this.realm(args), required(args, 'email'), required(args, 'password'));
        case 'deactivate-realm':
          return await this.commandBus.execute(new DeactivateRealmCommand(await this.realm(args), null, wholeDays(args['deletion-delay-days'])));
        case 'reactivate-realm':
          return await this.commandBus.execute(new ReactivateRealmCommand(await this.realm(args)));
        case 'list-realms':
          return await this.operations.listRealms();
        case 'list-users':
          return await this.operations.listUsers(await this.realm(args));
        case 'export-realm':
          return await this.queryBus.execute(new ExportRealmQuery(required(args, 'realm'), path.resolve(required(args, 'output'))));
        case 'import-realm':
          return await this.commandBus.execute(new ImportRealmCommand(path.resolve(required(args, 'input'))));
        case 'enqueue-digest-emails':
          if (args.realm !== undefined) await this.realm(args);
          return await this.commandBus.execute(new EnqueueDigestEmailsCommand(args.realm));
        case 'invite':
          return await this.mail.invite(await this.realm(args), {
            emails: required(args, 'email'),
            role: args.role,
            channels: args.channels,
            from: args.from,
            expiresDays: args['expires-days'],
          });
        case 'send-password-reset':
          return await this.mail.sendPasswordReset(await this.realm(args), required(args, 'email'));
        case 'status':
          return await this.operations.status(servingCli());
        case 'migrate':
          return await this.migrate();
        default:
          throw new CliError(`unknown command '${command}'\n${CLI_USAGE}`);
      }
    } catch (error) {
      if (error instanceof ApiError) throw new CliError(error.msg);
      if (error instanceof OperationError || error instanceof RealmTransferError) throw new CliError(error.message);
      throw error;
    }
  }

  private async createRealm(args: CliArgs): Promise<CreatedRealm> {
    const subdomain = required(args, 'subdomain');
    if (subdomain === '') throw new CliError('--subdomain cannot be empty: the root realm exists already');
    const email = required(args, 'owner-email');
    return this.commandBus.execute(
      new CreateRealmCommand(subdomain, required(args, 'name'), {
        email,
        fullName: args['owner-name'] ?? email.split('@')[0],
        password: required(args, 'owner-password'),
      }),
    );
  }

  private async createUser(args: CliArgs): Promise<CreatedUser> {
    const realm = await this.realm(args);
    const roleName = args.role ?? 'member';
    const role = ROLE_NAMES[roleName];
    if (role === undefined) throw new CliError(`--role must be one of ${Object.keys(ROLE_NAMES).join(', ')}`);
    return this.commandBus.execute(
      new CreateUserCommand(realm, {
        email: required(args, 'email'),
        password: required(args, 'password'),
        fullName: required(args, 'full-name'),
        role,
      }),
    );
  }

  private async deactivateUser(args: CliArgs): Promise<{ user_id: number }> {
    const realm = await this.realm(args);
    const email = required(args, 'email');
    const user = await this.users.findByDeliveryEmail(realm, email);
    if (!user) throw new CliError(`no user '${email}' in realm '${args.realm}'`);
    return this.commandBus.execute(new DeactivateUserCommand(realm, user.id));
  }

  /** Opening the database applied any pending migration: report the ones the schema has. */
  private async migrate(): Promise<{ migrations: string[] }> {
    return { migrations: await appliedMigrations(this.dataSource) };
  }

  private async realm(args: CliArgs): Promise<number> {
    const subdomain = required(args, 'realm');
    const realm = await this.realms.findBySubdomain(subdomain);
    if (!realm) throw new CliError(`no realm with subdomain '${subdomain}'`);
    return realm.id;
  }
}

function required(args: CliArgs, name: string): string {
  const value = args[name];
  if (value === undefined) throw new CliError(`--${name} is required`);
  return value;
}

/** `--deletion-delay-days`: absent, no deletion is scheduled. */
function wholeDays(value: string | undefined): number | null {
  if (value === undefined) return null;
  if (!/^\d+$/.test(value)) throw new CliError('--deletion-delay-days must be a whole number of days');
  return Number(value);
}
