import { Logger } from '@nestjs/common';
import { toApiError } from './api-exception.filter';

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
