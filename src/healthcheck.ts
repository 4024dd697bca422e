import * as http from 'node:http';
import { loadPort } from './platform/config/env-variables';

/**
 * The container's health check (`node dist/healthcheck.js`): exit 0 when this machine's
 * server answers `/health/ready` with 200, 1 otherwise. No curl needed in the image.
 */
let port: number;
try {
  port = loadPort();
} catch {
  // A PORT the server refuses: no server is listening.
  process.exit(1);
}
const request = http.get({ host: '127.0.0.1', port, path: '/health/ready', timeout: 4000 }, (response) => {
  response.resume();
  process.exit(response.statusCode === 200 ? 0 : 1);
});
request.on('timeout', () => request.destroy(new Error('timed out')));
request.on('error', () => process.exit(1));
