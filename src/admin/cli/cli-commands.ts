import { Injectable } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import * as path from 'node:path';
import { DataSource } from 'typeorm';
import { RealmTransferError } from '../../realm-transfer/public/realm-archive';
import { RealmExporter } from '../../realm-transfer/persistence/realm-exporter';
import { RealmImporter } from '../../realm-transfer/persistence/realm-importer';
import { RealmDirectory } from '../../realm/queries/realm-directory';
import { ApiError } from '../../shared/api-error';
import { ROLE_NAMES } from '../../users/public/roles';
import { UserDirectory } from '../../users/queries/user-directory';
import { CreatedRealm, CreateRealmCommand } from '../commands/create-realm.command';
import { CreatedUser, CreateUserCommand } from '../commands/create-user.command';
import { DeactivateUserCommand } from '../commands/deactivate-user.command';
import { CliOperations, OperationError } from './cli-operations';
import { servingCli } from './cli-serving';

export type CliArgs = Record<string, string>;

/** A failure the CLI reports on stderr with exit status 1. */
export class CliError extends Error {}

export const CLI_USAGE = `usage: manage <command> [--option value ...]
  create-realm --subdomain SUB --name NAME --owner-email E --owner-password P [--owner-name N]
  create-user --realm SUB --email E --password P --full-name N [--role owner|administrator|moderator|member|guest]
  deactivate-user --realm SUB --email E
  reactivate-user --realm SUB --email E
  regenerate-api-key --realm SUB --email E
  change-role --realm SUB --email E --role owner|administrator|moderator|member|guest
  list-realms
  list-users --realm SUB
  export-realm --realm SUB --output FILE   (a JSON archive of the realm's rows and files)
  import-realm --input FILE     (into a server without that realm; ids are renumbered)
  status                        (event queues, parked long-polls, background jobs of the running server)
  migrate                       (applies pending database migrations; the server does too on start)`;

/** The options each command takes: a mistyped one is an error, never silently ignored. */
const COMMAND_OPTIONS: Record<string, readonly string[]> = {
  'create-realm': ['subdomain', 'name', 'owner-email', 'owner-password', 'owner-name'],
  'create-user': ['realm', 'email', 'password', 'full-name', 'role'],
  'deactivate-user': ['realm', 'email'],
  'reactivate-user': ['realm', 'email'],
  'regenerate-api-key': ['realm', 'email'],
  'change-role': ['realm', 'email', 'role'],
  'list-realms': [],
  'list-users': ['realm'],
  'export-realm': ['realm', 'output'],
  'import-realm': ['input'],
  status: [],
  migrate: [],
};

/** Options naming files: resolved against the CLI's directory before a server gets them. */
const PATH_OPTIONS = ['output', 'input'];

/** `--name value` pairs; a flag without a value, or a stray word, is an error. */
export function parseCliArgs(argv: readonly string[]): { command: string; args: CliArgs } {
  const [command, ...rest] = argv;
  if (!command || command === '--help' || command === 'help') throw new CliError(CLI_USAGE);
  const args: CliArgs = {};
  for (let i = 0; i < rest.length; i += 2) {
    const flag = rest[i];
    if (!flag.startsWith('--')) throw new CliError(`unexpected argument '${flag}'\n${CLI_USAGE}`);
    if (i + 1 >= rest.length) throw new CliError(`${flag} needs a value`);
    const name = flag.slice(2);
    args[name] = PATH_OPTIONS.includes(name) ? path.resolve(rest[i + 1]) : rest[i + 1];
  }
  checkOptions(command, args);
  return { command, args };
}

function checkOptions(command: string, args: CliArgs): void {
  const known = COMMAND_OPTIONS[command];
  if (!known) throw new CliError(`unknown command '${command}'\n${CLI_USAGE}`);
  const unknown = Object.keys(args).find((name) => !known.includes(name));
  if (unknown !== undefined) throw new CliError(`${command} has no option --${unknown}\n${CLI_USAGE}`);
}

/**
 * The management commands, run in whichever process owns the data: the CLI itself, or a
 * running server the CLI handed them to.
 */
@Injectable()
export class CliCommands {
  constructor(
    private readonly commandBus: CommandBus,
    private readonly realms: RealmDirectory,
    private readonly users: UserDirectory,
    private readonly dataSource: DataSource,
    private readonly operations: CliOperations,
    private readonly exporter: RealmExporter,
    private readonly importer: RealmImporter,
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
        case 'list-realms':
          return await this.operations.listRealms();
        case 'list-users':
          return await this.operations.listUsers(await this.realm(args));
        case 'export-realm':
          return await this.exporter.export(required(args, 'realm'), path.resolve(required(args, 'output')));
        case 'import-realm':
          return await this.importer.import(path.resolve(required(args, 'input')));
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
    const rows = await this.dataSource.query<{ name: string }[]>(`SELECT name FROM typeorm_migrations ORDER BY id`);
    return { migrations: rows.map((row) => row.name) };
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
