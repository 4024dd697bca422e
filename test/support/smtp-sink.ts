import { ParsedMail, simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';
import { freePort } from './server-process';
import { until } from './until';

/** One mail the sink accepted, parsed. */
export interface ReceivedMail {
  envelopeTo: string[];
  envelopeFrom: string;
  parsed: ParsedMail;
  /** The HTML part, or '' without one. */
  html: string;
  text: string;
  messageId: string;
  subject: string;
}

/**
 * A real SMTP server in the test process (the `smtp-server` package), receiving on
 * loopback and parsing every mail with `mailparser`. It can start on a port chosen before
 * (a server configured with it while it is still down), and stop and start again there.
 */
export class SmtpSink {
  readonly received: ReceivedMail[] = [];
  /** Recipients refused for good (550), as a mail server refuses an unknown mailbox. */
  readonly refused = new Set<string>();
  private server: SMTPServer | null = null;

  private constructor(readonly port: number) {}

  /** A sink on `port` (default: a free one), not yet listening unless `listen` is true. */
  static async create(options: { port?: number; listen?: boolean } = {}): Promise<SmtpSink> {
    const sink = new SmtpSink(options.port ?? (await freePort()));
    if (options.listen !== false) await sink.start();
    return sink;
  }

  get url(): string {
    return `smtp://127.0.0.1:${this.port}`;
  }

  async start(): Promise<void> {
    if (this.server) return;
    const server = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS'],
      logger: false,
      onRcptTo: (address, _session, callback) => {
        if (!this.refused.has(address.address.toLowerCase())) return callback();
        const refusal = new Error(`5.1.1 <${address.address}>: mailbox unavailable`) as Error & { responseCode: number };
        refusal.responseCode = 550;
        callback(refusal);
      },
      onData: (stream, session, callback) => {
        simpleParser(stream)
          .then((parsed) => {
            this.received.push({
              envelopeTo: session.envelope.rcptTo.map((address) => address.address),
              envelopeFrom: session.envelope.mailFrom === false ? '' : session.envelope.mailFrom.address,
              parsed,
              html: typeof parsed.html === 'string' ? parsed.html : '',
              text: parsed.text ?? '',
              messageId: parsed.messageId ?? '',
              subject: parsed.subject ?? '',
            });
            callback();
          })
          .catch((error: Error) => callback(error));
      },
    });
    server.on('error', () => undefined);
    await new Promise<void>((resolve, reject) => {
      server.server.once('error', reject);
      server.listen(this.port, '127.0.0.1', () => resolve());
    });
    this.server = server;
  }

  async stop(): Promise<void> {
    const server = this.server;
    this.server = null;
    if (server) await new Promise<void>((resolve) => server.close(() => resolve()));
  }

  /** Mails to `address` so far. */
  to(address: string): ReceivedMail[] {
    return this.received.filter((mail) => mail.envelopeTo.includes(address.toLowerCase()) || mail.envelopeTo.includes(address));
  }

  /** Waits for the `count`th mail to `address` and returns it. */
  async waitFor(address: string, count = 1, timeoutMs = 30_000): Promise<ReceivedMail> {
    return until(() => this.to(address)[count - 1], `mail #${count} to ${address}`, timeoutMs);
  }
}

/** The first link in a mail's text that contains `fragment`. */
export function linkIn(mail: ReceivedMail, fragment: string): string {
  const link = mail.text.split(/\s+/).find((word) => word.startsWith('http') && word.includes(fragment));
  if (!link) throw new Error(`no link with ${fragment} in mail '${mail.subject}':\n${mail.text}`);
  return link;
}
