import { CliError } from './cli-args';

/**
 * The new password for `change-password` when `--password` is not given (a password on
 * the command line shows in `ps` and in shell history): typed at the terminal, twice and
 * not echoed, as Zulip's `manage.py changepassword` asks; without a terminal, the first line
 * of standard input (`docker compose exec -T server node dist/cli.js change-password ... < file`).
 */
export async function readNewPassword(
  input: NodeJS.ReadStream = process.stdin,
  output: NodeJS.WritableStream = process.stderr,
): Promise<string> {
  if (!input.isTTY) {
    const line = (await readAll(input)).split(/\r?\n/)[0] ?? '';
    if (line === '') throw new CliError('change-password: no password on standard input (or give --password)');
    return line;
  }
  const first = await readHidden(input, output, 'New password: ');
  const again = await readHidden(input, output, 'New password (again): ');
  if (first !== again) throw new CliError('change-password: the two passwords differ; nothing changed');
  if (first === '') throw new CliError('change-password: the password is empty; nothing changed');
  return first;
}

async function readAll(input: NodeJS.ReadableStream): Promise<string> {
  let text = '';
  for await (const chunk of input) text += typeof chunk === 'string' ? chunk : (chunk as Buffer).toString('utf8');
  return text;
}

/** One line typed in raw mode: nothing echoes; backspace edits, Ctrl-C and Ctrl-D give up. */
function readHidden(input: NodeJS.ReadStream, output: NodeJS.WritableStream, prompt: string): Promise<string> {
  output.write(prompt);
  input.setRawMode(true);
  input.resume();
  input.setEncoding('utf8');
  return new Promise((resolve, reject) => {
    let typed = '';
    const finish = (outcome: () => void): void => {
      input.off('data', onData);
      input.setRawMode(false);
      input.pause();
      output.write('\n');
      outcome();
    };
    const onData = (chunk: string): void => {
      for (const character of chunk) {
        if (character === '\r' || character === '\n') return finish(() => resolve(typed));
        if (character === '\u0003' || character === '\u0004') return finish(() => reject(new CliError('change-password: cancelled')));
        if (character === '\u007f' || character === '\b') typed = [...typed].slice(0, -1).join('');
        else typed += character;
      }
    };
    input.on('data', onData);
  });
}
