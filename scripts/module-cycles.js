#!/usr/bin/env node
// @ts-check
/**
 * Prints the cycles of the module-level import graph: the pairs of modules that import each
 * other and the groups of modules that reach each other (strongly connected components).
 *
 * The graph is the one `.dependency-cruiser.js` describes: a node is a domain module
 * (`src/<module>/`). The entry layer above the modules is left out: `src/wire/` and every
 * module's `api/` folder (HTTP), and every module's `cli/` folder (the management CLI,
 * which drives other modules' commands as controllers do); so are platform/ and shared/
 * below them. An edge A -> B is any import (type-only included) from a file of A outside
 * its entry folders into a file of B.
 *
 *   node scripts/module-cycles.js            print the pairs and the groups
 *   node scripts/module-cycles.js --check    the same, and exit 1 when there is a cycle
 *   node scripts/module-cycles.js --json     the graph's pairs and groups as JSON
 *
 * It also prints (and with --check fails on) the provider cycles through port bindings
 * (`scripts/port-bindings.js`), from the same dependency-cruiser run.
 */
const { execFileSync } = require('node:child_process');
const path = require('node:path');
const { bindingCycles } = require('./port-bindings');

const LAYERS = new Set(['platform', 'shared', 'wire', 'openapi']);

/** @param {string} file @returns {string | undefined} the module a file belongs to */
function moduleOf(file) {
  const m = /^src\/([^/]+)\//.exec(file);
  if (!m || LAYERS.has(m[1])) return undefined;
  return m[1];
}

/** @param {string} file */
function isEntryLayer(file) {
  return /^src\/[^/]+\/(?:api|cli)\//.test(file);
}

const root = path.resolve(__dirname, '..');

function cruiseSource() {
  const bin = path.join(root, 'node_modules', '.bin', 'depcruise');
  const out = execFileSync(bin, ['src', '--output-type', 'json'], { cwd: root, maxBuffer: 1 << 30 });
  /** @type {{ modules: { source: string, dependencies: { module: string, resolved: string }[] }[] }} */
  const cruise = JSON.parse(out.toString('utf8'));
  return cruise;
}

/** @param {ReturnType<typeof cruiseSource>} cruise */
function loadGraph(cruise) {
  /** @type {Map<string, Map<string, string[]>>} module -> module -> example imports */
  const edges = new Map();
  for (const mod of cruise.modules) {
    const from = moduleOf(mod.source);
    if (!from || isEntryLayer(mod.source)) continue;
    if (!edges.has(from)) edges.set(from, new Map());
    for (const dep of mod.dependencies) {
      const to = moduleOf(dep.resolved);
      if (!to || to === from) continue;
      const targets = /** @type {Map<string, string[]>} */ (edges.get(from));
      if (!targets.has(to)) targets.set(to, []);
      /** @type {string[]} */ (targets.get(to)).push(`${mod.source} -> ${dep.resolved}`);
    }
  }
  return edges;
}

/** @param {Map<string, Map<string, string[]>>} edges @returns {string[][]} components of more than one module */
function stronglyConnected(edges) {
  let index = 0;
  /** @type {Map<string, number>} */ const indices = new Map();
  /** @type {Map<string, number>} */ const low = new Map();
  /** @type {string[]} */ const stack = [];
  const onStack = new Set();
  /** @type {string[][]} */ const groups = [];
  /** @param {string} v */
  const visit = (v) => {
    indices.set(v, index);
    low.set(v, index);
    index++;
    stack.push(v);
    onStack.add(v);
    for (const w of edges.get(v)?.keys() ?? []) {
      if (!indices.has(w)) {
        visit(w);
        low.set(v, Math.min(/** @type {number} */ (low.get(v)), /** @type {number} */ (low.get(w))));
      } else if (onStack.has(w)) {
        low.set(v, Math.min(/** @type {number} */ (low.get(v)), /** @type {number} */ (indices.get(w))));
      }
    }
    if (low.get(v) === indices.get(v)) {
      /** @type {string[]} */ const group = [];
      let w;
      do {
        w = /** @type {string} */ (stack.pop());
        onStack.delete(w);
        group.push(w);
      } while (w !== v);
      if (group.length > 1) groups.push(group.sort());
    }
  };
  for (const v of [...edges.keys()].sort()) if (!indices.has(v)) visit(v);
  return groups;
}

function main() {
  const cruise = cruiseSource();
  const edges = loadGraph(cruise);
  const bindings = bindingCycles(cruise.modules, root);
  /** @type {{ pair: [string, string], imports: string[] }[]} */
  const pairs = [];
  for (const [a, targets] of edges) {
    for (const [b, imports] of targets) {
      const back = edges.get(b)?.get(a);
      if (a < b && back) pairs.push({ pair: [a, b], imports: [...imports, ...back] });
    }
  }
  pairs.sort((x, y) => x.pair.join().localeCompare(y.pair.join()));
  const groups = stronglyConnected(edges);
  if (process.argv.includes('--json')) {
    process.stdout.write(`${JSON.stringify({ pairs: pairs.map((p) => p.pair), groups }, null, 2)}\n`);
  } else {
    const verbose = process.argv.includes('--verbose');
    for (const { pair, imports } of pairs) {
      process.stdout.write(`${pair[0]} <-> ${pair[1]}\n`);
      if (verbose) for (const line of imports) process.stdout.write(`    ${line}\n`);
    }
    for (const group of groups) process.stdout.write(`cycle group (${group.length}): ${group.join(', ')}\n`);
    for (const { binding, port, implementation, loop } of bindings) {
      process.stdout.write(`port binding cycle in ${binding}: ${implementation} reaches ${port}\n    ${loop.join('\n -> ')}\n`);
    }
    process.stdout.write(`${pairs.length} module pairs import each other; ${groups.length} cycle groups; ${bindings.length} port binding cycles\n`);
  }
  if (process.argv.includes('--check') && (groups.length > 0 || bindings.length > 0)) process.exitCode = 1;
}

main();
