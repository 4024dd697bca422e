#!/usr/bin/env node
/**
 * Lints docker/Dockerfile and docker/compose.yaml without a Docker engine (CI has none):
 * the Dockerfile through dockerfile-utils (the validator behind editors' Dockerfile
 * support) plus this project's rules, the compose file parsed with `yaml` and checked for
 * structure, and both against the code: the commands they run exist in the build, and
 * every variable they set is one the server reads and docs/configuration.md documents.
 *
 *   node scripts/lint-docker.js      prints one problem a line; exit 1 if any
 */
'use strict';

const fs = require('node:fs');
const path = require('node:path');
const { DockerfileParser } = require('dockerfile-ast');
const { validate } = require('dockerfile-utils');
const YAML = require('yaml');

const ROOT = path.resolve(__dirname, '..');

/** The files that read settings from the environment (`env.NAME`): `loadConfig` and its helpers. */
const CONFIG_SOURCES = ['src/platform/config/app-config.ts', 'src/platform/config/env-variables.ts'];

function configVariables(root = ROOT) {
  const source = CONFIG_SOURCES.map((file) => fs.readFileSync(path.join(root, file), 'utf8')).join('\n');
  return [...new Set([...source.matchAll(/\benv\.([A-Z][A-Z0-9_]*)/g)].map((match) => match[1]))].sort();
}

/** A `dist/x.js` the image runs must come from `src/x.ts`. */
function builtFrom(root, distPath) {
  const match = /^dist\/(.+)\.js$/.exec(distPath);
  return match !== null && fs.existsSync(path.join(root, 'src', `${match[1]}.ts`));
}

/** The script a `node [flags] script` command runs. */
function scriptOf(command) {
  return command.slice(1).find((part) => !part.startsWith('-'));
}

/** `npm start`'s command: the server's Node flags are set there once, and the image runs the same. */
function startCommand(root = ROOT) {
  return JSON.parse(fs.readFileSync(path.join(root, 'package.json'), 'utf8')).scripts.start;
}

function execForm(text) {
  try {
    const parsed = JSON.parse(text);
    return Array.isArray(parsed) && parsed.every((part) => typeof part === 'string') ? parsed : null;
  } catch {
    return null;
  }
}

/** The Dockerfile's stages: name and instructions, in order. */
function dockerfileStages(text) {
  const stages = [];
  for (const instruction of DockerfileParser.parse(text).getInstructions()) {
    const keyword = instruction.getKeyword();
    const flags = typeof instruction.getFlags === 'function' ? instruction.getFlags() : [];
    const flagText = flags.map((flag) => `--${flag.getName()}${flag.getValue() === null ? '' : `=${flag.getValue()}`} `).join('');
    const args = keyword === 'FROM' ? (instruction.getArgumentsContent() ?? '') : flagText + (instruction.getArgumentsContent() ?? '');
    if (keyword === 'FROM') {
      const named = /\s+AS\s+(\S+)\s*$/i.exec(args);
      stages.push({ name: named ? named[1] : null, from: args.split(/\s+/)[0], instructions: [] });
    } else if (stages.length > 0) {
      stages[stages.length - 1].instructions.push({ keyword, args, line: instruction.getRange().start.line + 1 });
    }
  }
  return stages;
}

function lintDockerfile(text, root = ROOT) {
  const problems = [];
  for (const diagnostic of validate(text)) {
    problems.push(`Dockerfile:${diagnostic.range.start.line + 1}: ${diagnostic.message}`);
  }
  const stages = dockerfileStages(text);
  if (stages.length < 2) problems.push('Dockerfile: needs a build stage and a runtime stage (multi-stage)');
  const names = new Set();
  for (const stage of stages) {
    if (!stage.name) problems.push(`Dockerfile: every stage needs a name (FROM ${stage.from} AS name)`);
    for (const { keyword, args, line } of stage.instructions) {
      const from = /--from=(\S+)/.exec(args);
      if (keyword === 'COPY' && from && !names.has(from[1])) problems.push(`Dockerfile:${line}: COPY --from=${from[1]} names no earlier stage`);
      if (keyword === 'COPY' && !from) {
        const parts = args.split(/\s+/).filter((part) => !part.startsWith('--'));
        for (const source of parts.slice(0, -1)) {
          if (!fs.existsSync(path.join(root, source))) problems.push(`Dockerfile:${line}: COPY ${source}: no such file in the build context`);
          else if (['node_modules', 'dist', 'data', '.git'].includes(source.replace(/\/$/, ''))) problems.push(`Dockerfile:${line}: COPY ${source} brings local build output into the image`);
        }
      }
      if (keyword === 'RUN' && /apt-get install/.test(args) && !/--no-install-recommends/.test(args)) {
        problems.push(`Dockerfile:${line}: apt-get install without --no-install-recommends`);
      }
      if (keyword === 'ADD' && /^https?:/.test(args)) problems.push(`Dockerfile:${line}: ADD of a URL; use a build stage`);
    }
    if (stage.name) names.add(stage.name);
  }
  for (const stage of stages) {
    if (/:latest$/.test(stage.from)) problems.push(`Dockerfile: base image ${stage.from} is not pinned`);
  }
  const initialArgs = text.match(/^ARG\s+\S+=(\S+)/gm) ?? [];
  for (const line of initialArgs) {
    const image = line.split('=')[1];
    if (image.includes(':') && (image.endsWith(':latest') || !/:[\w.-]+$/.test(image))) problems.push(`Dockerfile: ${line} is not pinned`);
  }

  const runtime = stages[stages.length - 1];
  if (!runtime) return problems;
  const of = (keyword) => runtime.instructions.filter((instruction) => instruction.keyword === keyword);
  const users = of('USER');
  if (users.length === 0) problems.push('Dockerfile: the runtime stage must switch to a non-root USER');
  else if (/^(root|0)(:|$)/.test(users[users.length - 1].args)) problems.push('Dockerfile: the runtime stage runs as root');
  const healthchecks = of('HEALTHCHECK');
  if (healthchecks.length !== 1) problems.push('Dockerfile: the runtime stage needs one HEALTHCHECK');
  else {
    const command = execForm(healthchecks[0].args.replace(/^(--\S+\s+)*CMD\s+/, ''));
    if (!command) problems.push('Dockerfile: HEALTHCHECK CMD must be in exec form (a JSON array)');
    else if (command[0] === 'node' && !builtFrom(root, command[1])) problems.push(`Dockerfile: HEALTHCHECK runs ${command[1]}, which no src/*.ts builds`);
  }
  const cmds = of('CMD');
  if (cmds.length !== 1) problems.push('Dockerfile: the runtime stage needs one CMD');
  else {
    const command = execForm(cmds[0].args);
    if (!command) problems.push('Dockerfile: CMD must be in exec form (a JSON array), so signals reach node');
    else if (command[0] === 'node' && !builtFrom(root, scriptOf(command))) problems.push(`Dockerfile: CMD runs ${scriptOf(command)}, which no src/*.ts builds`);
    else if (command.join(' ') !== startCommand(root)) problems.push(`Dockerfile: CMD should run what npm start runs (${startCommand(root)})`);
  }
  const known = new Set([...configVariables(root), 'NODE_ENV']);
  for (const { args, line } of of('ENV')) {
    for (const match of args.matchAll(/([A-Za-z_][A-Za-z0-9_]*)=/g)) {
      if (!known.has(match[1])) problems.push(`Dockerfile:${line}: ENV ${match[1]} is no variable the server reads`);
    }
  }
  if (of('EXPOSE').length === 0) problems.push('Dockerfile: the runtime stage should EXPOSE the HTTP port');
  return problems;
}

/** The runtime stage's CMD, HEALTHCHECK command, ENV and WORKDIR (for the entry-command test). */
function runtimeEntry(text) {
  const stages = dockerfileStages(text);
  const runtime = stages[stages.length - 1];
  const env = {};
  let workdir = '/';
  let cmd = null;
  let healthcheck = null;
  for (const { keyword, args } of runtime.instructions) {
    if (keyword === 'ENV') for (const match of args.matchAll(/([A-Za-z_][A-Za-z0-9_]*)=(\S*)/g)) env[match[1]] = match[2];
    if (keyword === 'WORKDIR') workdir = args.trim();
    if (keyword === 'CMD') cmd = execForm(args);
    if (keyword === 'HEALTHCHECK') healthcheck = execForm(args.replace(/^(--\S+\s+)*CMD\s+/, ''));
  }
  return { env, workdir, cmd, healthcheck };
}

function lintCompose(text, root = ROOT) {
  const problems = [];
  let doc;
  try {
    doc = YAML.parse(text, { prettyErrors: true, uniqueKeys: true });
  } catch (error) {
    return [`compose.yaml: ${error.message}`];
  }
  if (!doc || typeof doc !== 'object') return ['compose.yaml: not a mapping'];
  const services = doc.services ?? {};
  for (const name of ['postgres', 'redis', 'server']) {
    if (!services[name]) problems.push(`compose.yaml: service '${name}' is missing`);
  }
  const declaredVolumes = new Set(Object.keys(doc.volumes ?? {}));
  for (const [name, service] of Object.entries(services)) {
    if (!service.image && !service.build) problems.push(`compose.yaml: service '${name}' has neither image nor build`);
    if (service.image && !service.build && (!/:[\w.-]+$/.test(service.image) || /:latest$/.test(service.image))) {
      problems.push(`compose.yaml: service '${name}' image ${service.image} is not pinned to a version`);
    }
    for (const volume of service.volumes ?? []) {
      const source = typeof volume === 'string' ? volume.split(':')[0] : volume.source;
      if (source && !source.startsWith('.') && !source.startsWith('/') && !declaredVolumes.has(source)) {
        problems.push(`compose.yaml: service '${name}' uses volume '${source}', not declared under volumes`);
      }
    }
  }
  for (const name of ['postgres', 'redis']) {
    if (services[name] && !services[name].healthcheck) problems.push(`compose.yaml: service '${name}' needs a healthcheck`);
  }
  const worker = services.worker;
  const scripts = JSON.parse(fs.readFileSync(path.join(root, 'package.json'), 'utf8')).scripts ?? {};
  if (worker && !scripts.worker) problems.push("compose.yaml: service 'worker' but package.json has no worker script");
  if (!worker && scripts.worker) problems.push("compose.yaml: package.json has a worker script but compose runs no 'worker' service");

  const known = new Set(configVariables(root));
  for (const name of ['server', 'worker']) {
    const service = services[name];
    if (!service) continue;
    if (service.build) {
      const context = path.resolve(root, 'docker', service.build.context ?? '.');
      const dockerfile = path.join(context, service.build.dockerfile ?? 'Dockerfile');
      if (!fs.existsSync(dockerfile)) problems.push(`compose.yaml: service '${name}' builds ${path.relative(root, dockerfile)}, which does not exist`);
    }
    const depends = service.depends_on ?? {};
    for (const needed of ['postgres', 'redis']) {
      const condition = Array.isArray(depends) ? null : depends[needed]?.condition;
      if (condition !== 'service_healthy') problems.push(`compose.yaml: service '${name}' must wait for ${needed} (condition: service_healthy)`);
    }
    const environment = Array.isArray(service.environment)
      ? Object.fromEntries(service.environment.map((entry) => entry.split(/=(.*)/s).slice(0, 2)))
      : (service.environment ?? {});
    for (const variable of Object.keys(environment)) {
      if (!known.has(variable)) problems.push(`compose.yaml: service '${name}' sets ${variable}, which the server does not read`);
    }
    if (!/@postgres:5432\//.test(String(environment.DATABASE_URL ?? ''))) problems.push(`compose.yaml: service '${name}' DATABASE_URL must point at the postgres service`);
    if (!/^redis:\/\/redis:6379/.test(String(environment.REDIS_URL ?? ''))) problems.push(`compose.yaml: service '${name}' REDIS_URL must point at the redis service`);
    if (!(service.volumes ?? []).some((volume) => String(typeof volume === 'string' ? volume : volume.target).includes('/data'))) {
      problems.push(`compose.yaml: service '${name}' needs a volume for DATA_DIR (/data)`);
    }
  }
  return problems;
}

/** Every variable the server reads has a row in docs/configuration.md's table. */
function lintConfigurationDoc(text, root = ROOT) {
  return configVariables(root)
    .filter((variable) => !text.includes(`| \`${variable}\` |`))
    .map((variable) => `docs/configuration.md: the configuration table has no row for ${variable}`);
}

/** Server code (specs aside) reads the environment only in CONFIG_SOURCES, so none escapes the lint above. */
function lintEnvironmentReads(root = ROOT) {
  const problems = [];
  const walk = (dir) => {
    for (const entry of fs.readdirSync(path.join(root, dir), { withFileTypes: true })) {
      const file = path.posix.join(dir, entry.name);
      if (entry.isDirectory()) walk(file);
      else if (file.endsWith('.ts') && !file.endsWith('.spec.ts') && !CONFIG_SOURCES.includes(file)) {
        if (/\bprocess\.env\b/.test(fs.readFileSync(path.join(root, file), 'utf8'))) {
          problems.push(`${file}: reads process.env; settings belong in src/platform/config (loadConfig)`);
        }
      }
    }
  };
  walk('src');
  return problems;
}

function lintAll(root = ROOT) {
  const read = (file) => fs.readFileSync(path.join(root, file), 'utf8');
  return [
    ...lintDockerfile(read('docker/Dockerfile'), root),
    ...lintCompose(read('docker/compose.yaml'), root),
    ...lintConfigurationDoc(read('docs/configuration.md'), root),
    ...lintEnvironmentReads(root),
  ];
}

module.exports = { lintDockerfile, lintCompose, lintConfigurationDoc, lintEnvironmentReads, lintAll, runtimeEntry, configVariables };

if (require.main === module) {
  const problems = lintAll();
  for (const problem of problems) process.stderr.write(`${problem}\n`);
  if (problems.length > 0) process.exit(1);
  process.stdout.write('docker/Dockerfile, docker/compose.yaml, the configuration table of docs/configuration.md and environment reads: ok\n');
}
