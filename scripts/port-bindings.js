// @ts-check
/**
 * The provider cycles the file-level no-cycles rule cannot see: those through a port
 * binding (docs/architecture.md, "Reading a module above").
 *
 * A module reads a module above it through a port, an abstract class it declares in its
 * `public/`; the module above binds the port to one of its providers with
 * `bindPort(Port, Implementation)` in its `for-modules-below.module.ts`. Nest then hands the
 * implementation to whoever injects the port. No file imports the implementation from the
 * port's side, so dependency-cruiser sees no cycle when the implementation depends, through
 * its own constructor's chain, on a provider that injects the port; Nest, which reports
 * only a provider and its direct dependency waiting for each other, then waits for ever at
 * start-up. So each binding counts as an import from the port's file to the
 * implementation's, and the check fails when a file the implementation reaches, other
 * than itself, imports the port's file (a closed loop, over files as the no-circular rule
 * is).
 * `bindPortValue` binds a value, which has no dependencies: it adds nothing.
 */
const fs = require('node:fs');
const path = require('node:path');

const BINDING_FILE = /^src\/[^/]+\/for-modules-below\.module\.ts$/;

/**
 * @typedef {{ source: string, dependencies: { module: string, resolved: string }[] }} CruisedFile
 * @param {CruisedFile[]} files dependency-cruiser's modules
 * @param {string} root the repository
 * @returns {{ binding: string, port: string, implementation: string, loop: string[] }[]}
 */
function bindingCycles(files, root) {
  /** @type {Map<string, string[]>} */
  const imports = new Map(files.map((file) => [file.source, file.dependencies.map((dep) => dep.resolved)]));
  const found = [];
  for (const file of files.filter((f) => BINDING_FILE.test(f.source))) {
    const text = fs.readFileSync(path.join(root, file.source), 'utf8');
    // A provider written out by hand would bind unseen by this check.
    if (/\bprovide\s*:/.test(text)) throw new Error(`${file.source}: binds a provider by hand; use bindPort or bindPortValue`);
    /** @type {Map<string, string>} imported name -> resolved file */
    const fileOf = new Map();
    for (const m of text.matchAll(/import\s*{([^}]*)}\s*from\s*'([^']+)'/g)) {
      const resolved = file.dependencies.find((dep) => dep.module === m[2])?.resolved;
      if (!resolved) continue;
      for (const name of m[1].split(',')) if (name.trim()) fileOf.set(name.trim(), resolved);
    }
    for (const m of text.matchAll(/\bbindPort\(\s*(\w+)\s*,\s*(\w+)\s*\)/g)) {
      const port = fileOf.get(m[1]);
      const implementation = fileOf.get(m[2]);
      if (!port || !implementation) throw new Error(`${file.source}: bindPort(${m[1]}, ${m[2]}) names a class it does not import`);
      const loop = pathBetween(imports, implementation, port);
      if (loop) found.push({ binding: file.source, port, implementation, loop });
    }
  }
  return found;
}

/** @param {Map<string, string[]>} imports @param {string} from @param {string} to @returns {string[] | undefined} an import path */
function pathBetween(imports, from, to) {
  /** @type {Map<string, string>} */ const parent = new Map([[from, '']]);
  const queue = [from];
  while (queue.length > 0) {
    const file = /** @type {string} */ (queue.shift());
    if (file === to) {
      const steps = [file];
      for (let at = file; at !== from; ) steps.unshift((at = /** @type {string} */ (parent.get(at))));
      return steps;
    }
    for (const next of imports.get(file) ?? []) {
      // The implementation may name the port itself (`implements Port`): a cycle needs
      // another file on the way, one that injects the port.
      if (file === from && next === to) continue;
      if (!parent.has(next)) {
        parent.set(next, file);
        queue.push(next);
      }
    }
  }
  return undefined;
}

module.exports = { bindingCycles };
