// @ts-check
/**
 * The dependency rules of docs/architecture.md ("The rules, and why"), checked by `npm run lint`
 * (`depcruise src`), with no list of tolerated exceptions: any violation fails lint.
 *
 * A module is a directory under src/ other than the layers named in NOT_MODULES.
 * Its public surface is everything except its `domain/` and `persistence/` folders:
 *   - `commands/`: `*.command.ts` (a command and its handler), families of small commands
 *     (`draft.commands.ts`), follow-up command handlers, the write half a handler hands its
 *     work to, and write facades other modules call inside their own transaction
 *     (`PresenceWriter`, `AttachmentClaims`, `GroupSettingResolver`...);
 *   - `queries/`: `*.query.ts`, the parts a query is split into, and read facades
 *     (`UserDirectory`, `ChannelDirectory`, `*.reader.ts`...);
 *   - `access/`: access decisions that load and authorize in one call (Zulip's
 *     `access_*`/`require_*`: `ChannelAccessLoader`, `MessageAccess`, `UserAccess`...);
 *   - `events/`: domain events, projections (`@OnCommitted`), effects of committed events
 *     and what records a change's events inside its transaction;
 *   - `api/`, the `<name>.module.ts` class and `public/` (pure types and rules other
 *     modules need: roles, enums, row shapes).
 * Its own: `domain/` (pure rules and plans, no Nest, no SQL) and `persistence/`
 * (repositories, stores, writers and loaders: SQL, no access decisions).
 * wire/ and openapi/ are the HTTP layer: they use modules through that same surface.
 * platform/ and shared/ sit below every module and import none.
 *
 * Modules form a tree: entry layer -> modules -> platform/ and shared/, one way, and no
 * two modules reach each other, directly or through others. At module level (folder to
 * folder, src/<module>/), the entry layer above the modules is src/wire/, every module's
 * api/ folder (HTTP: controllers import wire/, and wire/ imports modules' public surfaces
 * such as authentication) and every module's cli/ folder (the management CLI, which drives
 * other modules' commands as controllers do); an import from those folders is not an edge
 * between modules. depcruise's own folder scope sees every folder (a module's queries/ and
 * persistence/ as two), so `npm run deps:check` runs scripts/module-cycles.js --check over
 * depcruise's graph after these rules: it fails on any module cycle, with no exceptions,
 * and `npm run deps:cycles` prints the pairs and groups.
 */

/** Layers under src/ that are not domain modules. */
const NOT_MODULES = ['platform', 'wire', 'shared', 'openapi'];
const notModules = NOT_MODULES.join('|');
/** Any domain module's folder, e.g. `src/users/`. */
const MODULE = `^src/(?!(?:${notModules})/)[^/]+/`;
/** A presenter: a module's own types shaped for the wire, in its `api/` folder. */
const PRESENTER = '^src/[^/]+/api/[^/]+[.]presenter[.]ts$';

/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: 'no-foreign-internals',
      severity: 'error',
      comment:
        "A module's domain/ and persistence/ are its own: other modules and wire/ go through its " +
        'commands/, queries/ (read facades), access/ (access decisions), events/, public/ or module class ' +
        '(docs/architecture.md: a module is used through its public surface).',
      // platform/ and shared/ are held to the stricter rules below. Every other folder of a
      // module (access/ as much as queries/) is open to the others.
      from: { path: '^src/([^/]+)/', pathNot: '^src/(?:platform|shared)/' },
      to: {
        path: '^src/([^/]+)/(?:domain|persistence)/',
        pathNot: '^src/$1/',
      },
    },
    {
      name: 'platform-knows-no-module',
      severity: 'error',
      comment: 'platform/ is infrastructure with no domain knowledge: a module hands it what it needs (a token, an interface).',
      from: { path: '^src/platform/' },
      to: { path: MODULE },
    },
    {
      name: 'shared-knows-no-module',
      severity: 'error',
      comment: 'shared/ holds helpers every layer may use, so it imports no module.',
      from: { path: '^src/shared/' },
      to: { path: MODULE },
    },
    {
      name: 'core-knows-no-http',
      severity: 'error',
      comment:
        'wire/ is the HTTP layer: only controllers and the rest of an api/ folder, the CLI, openapi/api/ and ' +
        'the composition root (the files at the top of src/) import it; the core speaks its own types ' +
        '(docs/architecture.md: the core never imports HTTP types).',
      from: { path: '^src/[^/]+/', pathNot: '^src/(?:wire/|openapi/api/|[^/]+/(?:api|cli)/)' },
      to: { path: '^src/wire/' },
    },
    {
      name: 'presenters-serve-the-wire',
      severity: 'error',
      comment:
        "A presenter (api/*.presenter.ts) shapes a module's own types for the wire: only the api/ folder, the " +
        "event projections (events/*.projections.ts) and register's state contributors (*.state.ts) use it. " +
        'Queries and commands hand rows and domain types to them; a shape another module needs is a domain ' +
        "type or function in the owning module's public/ (docs/architecture.md: presenters belong to the wire).",
      from: { path: '^src/', pathNot: '^src/[^/]+/(?:api/|events/[^/]+[.]projections[.]ts$)|[.]state[.]ts$' },
      to: { path: PRESENTER },
    },
    {
      name: 'presenters-are-their-modules-own',
      severity: 'error',
      comment:
        "A module's controllers and projections present only its own types: another module's shape comes from " +
        "that module's public/, never its presenter (register's state contributors assemble every module's state).",
      from: { path: '^src/([^/]+)/(?:api|events)/' },
      to: { path: PRESENTER, pathNot: '^src/$1/api/' },
    },
    {
      name: 'no-circular',
      severity: 'error',
      comment: 'Files import each other in one direction.',
      from: { path: '^src/' },
      to: { circular: true },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '^(?:dist|node_modules)/' },
    // Type-only imports couple modules too: count them.
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    enhancedResolveOptions: { exportsFields: ['exports'], conditionNames: ['import', 'require', 'node', 'default'] },
  },
};
