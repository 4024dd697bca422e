/**
 * An error the client is meant to read: Zulip's `code`, a human-readable `msg`, the HTTP
 * status, and any extra fields of the error envelope. Domain code throws these; the wire
 * layer's filter renders them.
 */
export class ApiError extends Error {
  constructor(
    readonly msg: string,
    readonly code: string = 'BAD_REQUEST',
    readonly status: number = 400,
    readonly data: Record<string, unknown> = {},
    readonly headers: Record<string, string> = {},
  ) {
    super(msg);
    this.name = 'ApiError';
  }

  static badRequest(msg: string, data: Record<string, unknown> = {}): ApiError {
    return new ApiError(msg, 'BAD_REQUEST', 400, data);
  }

  static missingArgument(name: string): ApiError {
    return new ApiError(`Missing '${name}' argument`, 'REQUEST_VARIABLE_MISSING', 400, { var_name: name });
  }

  static invalidMessage(): ApiError {
    return ApiError.badRequest('Invalid message(s)');
  }

  static invalidChannel(): ApiError {
    return ApiError.badRequest('Invalid channel ID');
  }

  static unauthorized(msg: string): ApiError {
    return new ApiError(msg, 'UNAUTHORIZED', 401, {}, { 'WWW-Authenticate': 'Basic realm="zulip"' });
  }

  static badEventQueue(queueId: string): ApiError {
    return new ApiError(`Bad event queue ID: ${queueId}`, 'BAD_EVENT_QUEUE_ID', 400, { queue_id: queueId });
  }
}
