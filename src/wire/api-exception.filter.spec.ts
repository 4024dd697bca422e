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
