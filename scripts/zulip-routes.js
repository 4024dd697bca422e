#!/usr/bin/env node
/*
 * Writes test/fixtures/zulip-10.2-routes.json: every (method, path) pair of Zulip's OpenAPI
 * document, which test/zulip-route-coverage.spec.ts compares with the server's routes.
 * Zulip's document stays outside the project (it is not ours to commit); only this list of
 * pairs is kept. Run it again, with the document's path, when Zulip's API moves:
 *   node scripts/zulip-routes.js /path/to/zulip-openapi.yaml
 */
const fs = require('node:fs');
const path = require('node:path');
const YAML = require('yaml');

const METHODS = ['get', 'post', 'put', 'patch', 'delete'];
const OUTPUT = path.join(__dirname, '..', 'test', 'fixtures', 'zulip-10.2-routes.json');

function main() {
  const source = process.argv[2];
  if (!source) {
    process.stderr.write('usage: node scripts/zulip-routes.js <zulip-openapi.yaml>\n');
    process.exit(2);
  }
  const document = YAML.parse(fs.readFileSync(source, 'utf8'));
  const routes = [];
  for (const [route, operations] of Object.entries(document.paths ?? {})) {
    for (const method of METHODS) {
      if (operations && operations[method]) routes.push(`${method.toUpperCase()} ${route}`);
    }
  }
  routes.sort((a, b) => a.split(' ')[1].localeCompare(b.split(' ')[1]) || a.localeCompare(b));
  const fixture = { source: `Zulip 10.2's OpenAPI document (${path.basename(source)})`, routes };
  fs.writeFileSync(OUTPUT, JSON.stringify(fixture, null, 2) + '\n');
  process.stdout.write(`${routes.length} routes written to ${path.relative(process.cwd(), OUTPUT)}\n`);
}

main();
