import * as fs from 'node:fs';
import * as path from 'node:path';
import { DIST } from './support/server-process';
import { testServer } from './support/api';
import { rawRequest } from './support/raw-request';

/** The web app's built files under /static/webapp/ (src/web-app/api/web-assets.controller.ts). */
describe('the web app assets', () => {
  const port = testServer().port;
  const host = `localhost:${port}`;
  const page = fs.readFileSync(path.join(DIST, 'web', 'index.html'), 'utf8');
  const named = (extension: string) => {
    const file = new RegExp(`/static/webapp/([^"]+\\.${extension})"`).exec(page)?.[1];
    if (file === undefined) throw new Error(`index.html names no .${extension} file`);
    return file;
  };

  it.each([
    ['js', 'application/javascript; charset=utf-8'],
    ['css', 'text/css; charset=utf-8'],
  ])('serves the page .%s file with its content type, cacheable for a year', async (extension, contentType) => {
    const file = named(extension);
    const answer = await rawRequest(port, host, 'GET', `/static/webapp/${file}`);
    expect(answer.status).toBe(200);
    expect(answer.headers['content-type']).toBe(contentType);
    expect(answer.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(answer.body).toBe(fs.readFileSync(path.join(DIST, 'web', file), 'utf8'));
  });

  it.each([
    '/static/webapp/index-00000000.js',
    '/static/webapp/index.html',
    '/static/webapp/.build-stamp',
    '/static/webapp/..%2Fmain.js',
    '/static/webapp/..%2F..%2Fpackage.json',
    '/static/webapp/%2E%2E%2Fweb-app%2Fweb-assets.module.js',
    '/static/webapp/..',
  ])('answers %s with 404 in the error envelope', async (url) => {
    const answer = await rawRequest(port, host, 'GET', url);
    expect(answer.status).toBe(404);
    expect(JSON.parse(answer.body)).toEqual({ result: 'error', msg: 'Not found', code: 'BAD_REQUEST' });
  });
});
