import * as path from 'node:path';

// The CLI's own vocabulary, apart from the commands themselves: `npm run manage -- help`, a
// mistyped option and a hand-off to a running server need none of the application's modules.

export type CliArgs = Record<string, string>;

/** A failure the CLI reports on stderr with exit status 1. */
export class CliError extends Error {}

/** `help`, `--help` or `-h` anywhere: the usage on stdout, exit status 0. */
export class CliHelpRequested extends Error {}

export const CLI_USAGE = `usage: manage <command> [--option value ...]
  (from the project folder: npm run --silent manage -- <command> ...; in the server's
  container: node dist/cli.js <command> ...; \`help\` or --help prints this)

SUB is a realm's subdomain; the root realm, the one at the server's own host name
(EXTERNAL_HOST), has none: --realm "". Commands print one JSON line and exit 0, or the
reason on stderr and exit 1.

  create-realm --subdomain SUB --name NAME --owner-email E --owner-password P [--owner-name N]
  create-user --realm SUB --email E --password P --full-name N [--role owner|administrator|moderator|member|guest]
  deactivate-user --realm SUB --email E
  reactivate-user --realm SUB --email E
  regenerate-api-key --realm SUB --email E
  change-role --realm SUB --email E --role owner|administrator|moderator|member|guest
  change-password --realm SUB --email E   (asks for the new password on the terminal, or reads
                                          one line from standard input; --password P also works)
  invite --realm SUB --email E[,E...] [--role owner|administrator|moderator|member|guest]
         [--channels NAME,NAME] [--from E] [--expires-days N]
                                (email invitations, as POST /invites, sent as --from, by default
                                the realm's first owner; without --channels the realm's default
                                channels; --expires-days 0 never expires)
  send-password-reset --realm SUB --email E   (mails the user a password reset link)
  deactivate-realm --realm SUB [--deletion-delay-days N]
                                (no one can sign in or use the API there; its owners are mailed;
                                N: days until its data is due to be deleted)
  reactivate-realm --realm SUB
  list-realms
  list-users --realm SUB
  export-realm --realm SUB --output FILE   (a JSON archive of the realm's rows and files)
  import-realm --input FILE     (an export-realm archive, or an API export's .tar.gz; into a server
                                without that realm; ids are renumbered)
  enqueue-digest-emails [--realm SUB]   (the digest pass now: the realms whose digest weekday is
                                          today, or the realm named whatever the day)
  register-push-server [--contact-email E] [--agree-to-terms-of-service] [--rotate-key]
                                (registers this server with Zulip's push notification service at
                                ZULIP_SERVICES_URL, once its terms are accepted; prints the
                                ZULIP_ORG_ID and ZULIP_ORG_KEY to set: see docs/operations.md)
  status                        (event queues, parked long-polls, background jobs of the running server)
  migrate                       (applies pending database migrations; the server does too on start)`;

/**
 * How the operator of this process runs a CLI command, for hints in its messages: through
 * npm from the project folder when npm started the process (`npm start`), otherwise as
 * the container image runs it.
 */
export function cliCommandLine(args: string, startedByNpm: boolean): string {
  return startedByNpm ? `npm run --silent manage -- ${args}` : `node dist/cli.js ${args}`;
}

/** The options each command takes: a mistyped one is an error, never silently ignored. */
const COMMAND_OPTIONS: Record<string, readonly string[]> = {
  'create-realm': ['subdomain', 'name', 'owner-email', 'owner-password', 'owner-name'],
  'create-user': ['realm', 'email', 'password', 'full-name', 'role'],
  'deactivate-user': ['realm', 'email'],
  'reactivate-user': ['realm', 'email'],
  'regenerate-api-key': ['realm', 'email'],
  'change-role': ['realm', 'email', 'role'],
  'change-password': ['realm', 'email', 'password'],
  invite: ['realm', 'email', 'role', 'channels', 'from', 'expires-days'],
  'send-password-reset': ['realm', 'email'],
  'deactivate-realm': ['realm', 'deletion-delay-days'],
  'reactivate-realm': ['realm'],
  'list-realms': [],
  'list-users': ['realm'],
  'export-realm': ['realm', 'output'],
  'import-realm': ['input'],
  'enqueue-digest-emails': ['realm'],
  'register-push-server': ['contact-email', 'agree-to-terms-of-service', 'rotate-key'],
  status: [],
  migrate: [],
};

/** Options naming files: resolved against the CLI's directory before a server gets them. */
const PATH_OPTIONS = ['output', 'input'];

/** Options that are switches: present (`'true'`) or not, without a value. */
const SWITCHES = ['agree-to-terms-of-service', 'rotate-key'];

/** `--name value` pairs and switches; a flag without a value, or a stray word, is an error. */
export function parseCliArgs(argv: readonly string[]): { command: string; args: CliArgs } {
  const [command, ...rest] = argv;
  if (command === 'help' || argv.includes('--help') || argv.includes('-h')) throw new CliHelpRequested(CLI_USAGE);
  if (!command) throw new CliError(CLI_USAGE);
  const args: CliArgs = {};
  for (let i = 0; i < rest.length; i += 2) {
    const flag = rest[i];
    if (!flag.startsWith('--')) throw new CliError(`unexpected argument '${flag}'\n${CLI_USAGE}`);
    const name = flag.slice(2);
    if (SWITCHES.includes(name)) {
      args[name] = 'true';
      i -= 1;
      continue;
    }
    if (i + 1 >= rest.length) throw new CliError(`${flag} needs a value`);
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
