import { execFile } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { promisify } from 'node:util';
import { testServer } from './support/api';
import { ROOT } from './support/server-process';

/**
 * web/api/schema.ts is generated from the served OpenAPI document and committed (so a clean
 * clone builds with no server); this fails while it differs from what the running server's
 * document generates. Fix: `npm run web:api-types`. The generator runs as its own process
 * (openapi-typescript loads ES modules that Jest's module system does not).
 */
describe("the web app's generated API types", () => {
  it('match the OpenAPI document the server serves', async () => {
    const response = await fetch(`http://127.0.0.1:${testServer().port}/api/v1/openapi.json`);
    expect(response.status).toBe(200);
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'chat-openapi-'));
    try {
      const saved = path.join(dir, 'openapi.json');
      fs.writeFileSync(saved, await response.text());
      const { stdout } = await promisify(execFile)(process.execPath, [path.join(ROOT, 'scripts', 'web-api-types.js'), '--print', saved], { maxBuffer: 16 * 1024 * 1024 });
      const committed = fs.readFileSync(path.join(ROOT, 'web', 'api', 'schema.ts'), 'utf8');
      // A plain comparison: a diff of a 300 kB file is not worth printing.
      if (committed !== stdout) throw new Error('web/api/schema.ts is stale: run `npm run web:api-types` and commit the result');
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
