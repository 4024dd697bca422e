import * as path from 'node:path';

// The CLI's own vocabulary, apart from the commands themselves: `npm run manage -- help`, a
// mistyped option and a hand-off to a running server need none of the application's modules.

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
  change-password --realm SUB --email E   (asks for the new password on the terminal, or reads
                                          one line from standard input; --password P also works)
  list-realms
  list-users --realm SUB
  export-realm --realm SUB --output FILE   (a JSON archive of the realm's rows and files)
  import-realm --input FILE     (an export-realm archive, or an API export's .tar.gz; into a server
                                without that realm; ids are renumbered)
  enqueue-digest-emails [--realm SUB]   (the digest pass now: the realms whose digest weekday is
                                          today, or the realm named whatever the day)
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
  'change-password': ['realm', 'email', 'password'],
  'list-realms': [],
  'list-users': ['realm'],
  'export-realm': ['realm', 'output'],
  'import-realm': ['input'],
  'enqueue-digest-emails': ['realm'],
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

export function checkOptions(command: string, args: CliArgs): void {
  const known = COMMAND_OPTIONS[command];
  if (!known) throw new CliError(`unknown command '${command}'\n${CLI_USAGE}`);
  const unknown = Object.keys(args).find((name) => !known.includes(name));
  if (unknown !== undefined) throw new CliError(`${command} has no option --${unknown}\n${CLI_USAGE}`);
}
