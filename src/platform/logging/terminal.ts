import { LogFormat } from '../config/app-config';

/** The one property of an output stream that matters here: is a person's terminal behind it? */
export interface OutputStream {
  readonly isTTY?: boolean;
}

/**
 * The log format of a stream: what `LOG_FORMAT` says, else readable lines on a terminal and
 * JSON lines anywhere else (a pipe, a file, a container's log), where programs read them.
 */
export function logFormatFor(configured: LogFormat | undefined, stream: OutputStream): LogFormat {
  return configured ?? (stream.isTTY === true ? 'pretty' : 'json');
}

/**
 * Whether a secret meant for the person starting the server (the first owner's password)
 * may be written to `stream`: only to a terminal. Anywhere else the text outlives the moment
 * (container logs, files, CI output), so only where the credentials are is logged.
 */
export function showsSecrets(stream: OutputStream): boolean {
  return stream.isTTY === true;
}
