import { LoggerService } from '@nestjs/common';
import pino, { DestinationStream, Logger as PinoLogger } from 'pino';
import { LogFormat, LogLevel } from '../config/app-config';
import { prettyLine } from './pretty-format';
import { logFormatFor } from './terminal';

/**
 * Field names whose values never reach a log line, wherever they appear in a record:
 * credentials a request or a command might carry.
 */
export const REDACTED_FIELDS = [
  'authorization',
  'password',
  'api_key',
  'apiKey',
  'key',
  'token',
  'secret',
  'new_password',
  'old_password',
  'owner-password',
] as const;

const REDACT_PATHS = REDACTED_FIELDS.flatMap((name) => {
  const quoted = `["${name}"]`;
  return [quoted, `*${quoted}`, `*.*${quoted}`];
});

/**
 * Nest's own start-up chatter: a line per module initialised and per route mapped (about
 * 190 on this server), then "application started". It tells a person nothing they can act
 * on, so it is logged at `debug`; main.ts logs one summary at `info` instead.
 */
const FRAMEWORK_WIRING_CONTEXTS: ReadonlySet<string> = new Set([
  'NestFactory',
  'NestApplication',
  'InstanceLoader',
  'RoutesResolver',
  'RouterExplorer',
]);

/**
 * Builds the process's pino logger on stderr (stdout belongs to the CLI's single result
 * line and to the first start's credentials): JSON lines, or readable lines when stderr is
 * a terminal (`format` undefined) or `LOG_FORMAT=pretty` says so. Writes are synchronous,
 * so nothing is lost when the process exits.
 */
export function createPinoLogger(level: LogLevel, format?: LogFormat, destination?: DestinationStream): PinoLogger {
  const stream: DestinationStream =
    destination ??
    (logFormatFor(format, process.stderr) === 'pretty'
      ? { write: (line: string) => void process.stderr.write(prettyLine(line)) }
      : pino.destination({ dest: 2, sync: true }));
  return pino(
    {
      level,
      base: null,
      messageKey: 'msg',
      timestamp: pino.stdTimeFunctions.isoTime,
      formatters: { level: (label) => ({ level: label }) },
      redact: { paths: REDACT_PATHS, censor: '[redacted]' },
    },
    stream,
  );
}

/** Nest's logger interface over pino: framework and domain messages share one format. */
export class JsonLogger implements LoggerService {
  readonly pino: PinoLogger;

  /** `format` undefined: readable lines when stderr is a terminal, JSON lines otherwise. */
  constructor(level: LogLevel, format?: LogFormat, destination?: DestinationStream) {
    this.pino = createPinoLogger(level, format, destination);
  }

  enabled(level: LogLevel): boolean {
    return this.pino.isLevelEnabled(level);
  }

  write(level: LogLevel, message: string, fields: Record<string, unknown> = {}): void {
    this.pino[level](fields, message);
  }

  log(message: unknown, context?: unknown): void {
    const level = typeof context === 'string' && FRAMEWORK_WIRING_CONTEXTS.has(context) ? 'debug' : 'info';
    this.writeMessage(level, message, context === undefined ? {} : { context });
  }
  error(message: unknown, ...rest: unknown[]): void {
    const [first, second] = rest;
    const fields: Record<string, unknown> = {};
    if (typeof first === 'string' && first.includes('\n')) fields.stack = first;
    else if (first !== undefined) fields.context = first;
    if (second !== undefined) fields.context = second;
    this.writeMessage('error', message instanceof Error ? message.message : message, fields);
  }
  warn(message: unknown, context?: unknown): void {
    this.writeMessage('warn', message, context === undefined ? {} : { context });
  }
  debug(message: unknown, context?: unknown): void {
    this.writeMessage('debug', message, context === undefined ? {} : { context });
  }
  verbose(message: unknown, context?: unknown): void {
    this.writeMessage('debug', message, context === undefined ? {} : { context });
  }

  /** A message, or a record with its `msg` and fields of its own (`logger.log({ msg, mail_id })`). */
  private writeMessage(level: LogLevel, message: unknown, fields: Record<string, unknown>): void {
    if (isStructuredMessage(message)) {
      const { msg, ...own } = message;
      this.write(level, msg, { ...own, ...fields });
    } else {
      this.write(level, String(message), fields);
    }
  }
}

/** A log line with fields, through Nest's `Logger` (which hands objects on as they are). */
export interface StructuredMessage {
  msg: string;
  [field: string]: unknown;
}

function isStructuredMessage(message: unknown): message is StructuredMessage {
  return typeof message === 'object' && message !== null && typeof (message as { msg?: unknown }).msg === 'string';
}
