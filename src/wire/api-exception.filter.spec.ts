import { Logger } from '@nestjs/common';
import { errorBody, toApiError } from './api-exception.filter';
import { ApiError } from '../shared/api-error';

function connReset(message: string): Error {
  return Object.assign(new Error(message), { code: 'ECONNRESET' });
}

describe('toApiError', () => {
  const request = { id: 'r1', method: 'POST', url: '/api/v1/messages' };

  it('takes a client that closed mid-body for what it is, not for storage going away', () => {
    const logger = { debug: jest.fn(), warn: jest.fn(), error: jest.fn() } as unknown as Logger;
    expect(toApiError(connReset('aborted'), request, logger)).toMatchObject({ status: 400, code: 'BAD_REQUEST' });
    expect(logger.warn).not.toHaveBeenCalled();
    expect(logger.error).not.toHaveBeenCalled();
  });

  it('still answers 503 when a storage connection resets', () => {
    const logger = { debug: jest.fn(), warn: jest.fn(), error: jest.fn() } as unknown as Logger;
    expect(toApiError(connReset('read ECONNRESET'), request, logger)).toMatchObject({ status: 503, code: 'SERVICE_UNAVAILABLE' });
    expect(logger.warn).toHaveBeenCalled();
  });
});

describe('toApiError on a full disk', () => {
  const request = { id: 'r2', method: 'POST', url: '/api/v1/user_uploads' };

  it.each(['ENOSPC', 'EDQUOT'])('answers %s with 507 in the envelope, logging no error', (code) => {
    const logger = { debug: jest.fn(), warn: jest.fn(), error: jest.fn() } as unknown as Logger;
    const error = Object.assign(new Error(`${code}: no space left on device, write`), { code });
    expect(toApiError(error, request, logger)).toMatchObject({
      status: 507,
      code: 'INSUFFICIENT_STORAGE',
      msg: 'The server is out of storage space; the file was not stored. Try again later.',
    });
    expect(logger.error).not.toHaveBeenCalled();
  });
});

describe('errorBody', () => {
  it('says success for an error answered with a 2xx status, as Zulip\'s json_response_from_error', () => {
    const unsupported = new ApiError('not supported; ignoring', 'UNSUPPORTED_WEBHOOK_EVENT_TYPE', 200, { webhook_name: 'GitHub', event_type: 'x' });
    expect(JSON.parse(errorBody(unsupported))).toEqual({
      result: 'success', msg: 'not supported; ignoring', code: 'UNSUPPORTED_WEBHOOK_EVENT_TYPE', webhook_name: 'GitHub', event_type: 'x',
    });
    expect(JSON.parse(errorBody(ApiError.badRequest('bad')))).toEqual({ result: 'error', msg: 'bad', code: 'BAD_REQUEST' });
  });
});
