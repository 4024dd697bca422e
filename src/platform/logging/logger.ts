import { LoggerService } from '@nestjs/common';
import { LOG_LEVELS, LogLevel } from '../config/app-config';

/**
 * One JSON line per record on stderr: stdout belongs to the CLI's single result line and
 * to the first start's credentials, so nothing else may write there.
 */
export class JsonLogger implements LoggerService {
  private readonly threshold: number;

  constructor(level: LogLevel) {
    this.threshold = LOG_LEVELS.indexOf(level);
  }

  enabled(level: LogLevel): boolean {
    return LOG_LEVELS.indexOf(level) <= this.threshold;
  }

  write(level: LogLevel, message: string, fields: Record<string, unknown> = {}): void {
    if (!this.enabled(level)) return;
    const record = { time: new Date().toISOString(), level, msg: message, ...fields };
    process.stderr.write(`${JSON.stringify(record)}\n`);
  }

  log(message: unknown, context?: unknown): void {
    this.write('info', String(message), context === undefined ? {} : { context });
  }
  error(message: unknown, ...rest: unknown[]): void {
    const [first, second] = rest;
    const fields: Record<string, unknown> = {};
    if (typeof first === 'string' && first.includes('\n')) fields.stack = first;
    else if (first !== undefined) fields.context = first;
    if (second !== undefined) fields.context = second;
    this.write('error', message instanceof Error ? message.message : String(message), fields);
  }
  warn(message: unknown, context?: unknown): void {
    this.write('warn', String(message), context === undefined ? {} : { context });
  }
  debug(message: unknown, context?: unknown): void {
    this.write('debug', String(message), context === undefined ? {} : { context });
  }
  verbose(message: unknown, context?: unknown): void {
    this.write('debug', String(message), context === undefined ? {} : { context });
  }
}
