#!/usr/bin/env node
/*
 * Checks that every table has one owner (the map in src/database-owners.ts): scans the SQL
 * of src/ (string and template literals that hold a statement, TypeORM repositories by their
 * entity's table) and fails on
 *   - a table the migrations create that has no owner, or an owner entry for no table;
 *   - SQL outside a `persistence/` folder (or the database layer, platform/database/);
 *   - an INSERT/UPDATE/DELETE/TRUNCATE of a table outside its owner module;
 *   - a read (FROM/JOIN/USING) of a table outside its owner module, unless the map's
 *     ratchet lists that (file, table), and a ratchet entry that no longer occurs (the
 *     same for the few files AWAITING_MOVE whose SQL waits for their move).
 * Migrations are the schema's history and are not scanned; spec files are not scanned.
 * `node scripts/check-table-owners.js --list` prints every finding, tolerated or not.
 */
const fs = require('node:fs');
const path = require('node:path');
const Module = require('node:module');
const ts = require('typescript');

const ROOT = path.join(__dirname, '..');
const SRC = 'src';
const MIGRATIONS = 'src/platform/database/migrations';
const OWNERS_FILE = 'src/database-owners.ts';

/** Loads the owner map: a TypeScript module of plain data, transpiled and evaluated here. */
function loadOwners(root) {
  const file = path.join(root, OWNERS_FILE);
  const { outputText } = ts.transpileModule(fs.readFileSync(file, 'utf8'), {
    compilerOptions: { module: ts.ModuleKind.CommonJS, target: ts.ScriptTarget.ES2022 },
  });
  const loaded = new Module(file);
  loaded.filename = file;
  loaded._compile(outputText, file);
  return loaded.exports;
}

function sourceFiles(dir) {
  const out = [];
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) out.push(...sourceFiles(full));
    else if (entry.name.endsWith('.ts') && !entry.name.endsWith('.spec.ts') && !entry.name.endsWith('.d.ts')) out.push(full);
  }
  return out.sort();
}

/** The text of a string or template literal; a template's substitutions become `$_`. */
function literalText(node) {
  if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) return node.text;
  if (ts.isTemplateExpression(node)) return node.head.text + node.templateSpans.map((span) => ' $_ ' + span.literal.text).join('');
  return undefined;
}

/** Every literal of a file, a `+` chain of literals joined into one, with its line. */
function literals(sourceFile) {
  const found = [];
  const visit = (node) => {
    if (ts.isBinaryExpression(node) && node.operatorToken.kind === ts.SyntaxKind.PlusToken) {
      const parts = [];
      const flatten = (n) => {
        if (ts.isBinaryExpression(n) && n.operatorToken.kind === ts.SyntaxKind.PlusToken) {
          flatten(n.left);
          flatten(n.right);
        } else if (ts.isParenthesizedExpression(n)) flatten(n.expression);
        else parts.push(n);
      };
      flatten(node);
      const texts = parts.map((part) => literalText(part) ?? ' $_ ');
      if (parts.some((part) => literalText(part) !== undefined)) {
        found.push({ text: texts.join(''), node });
        for (const part of parts) if (literalText(part) === undefined) ts.forEachChild(part, visit);
        return;
      }
    }
    const text = literalText(node);
    if (text !== undefined) {
      found.push({ text, node });
      if (ts.isTemplateExpression(node)) for (const span of node.templateSpans) visit(span.expression);
      return;
    }
    ts.forEachChild(node, visit);
  };
  visit(sourceFile);
  return found.map(({ text, node }) => ({ text, line: sourceFile.getLineAndCharacterOfPosition(node.getStart(sourceFile)).line + 1 }));
}

/** Strips SQL comments and quoted strings, so that `'from x'` in a value is not a table. */
function stripSql(text) {
  return text
    .replace(/--[^\n]*/g, ' ')
    .replace(/\/\*[\s\S]*?\*\//g, ' ')
    .replace(/'(?:[^']|'')*'/g, "''");
}

/** A literal is SQL when it holds a statement's keywords (upper case, as the code writes SQL). */
const STATEMENT = /\b(?:SELECT\b[\s\S]*\bFROM\b|INSERT\s+INTO\b|UPDATE\s+[a-z_"]+\s+(?:AS\s+)?[a-z_]*\s*SET\b|DELETE\s+FROM\b|TRUNCATE\b|WITH\s+[a-z_]+\s+AS\s*\(|SELECT\b)/;
const KEYWORDS = /\b(?:FROM|JOIN|INTO|USING|WHERE|SET|VALUES|RETURNING)\b/;

function isSql(text) {
  return STATEMENT.test(text) || (KEYWORDS.test(text) && /\b(?:FROM|JOIN|INTO)\s+[a-z_]+/.test(text));
}

const IDENT = '"?([a-z_][a-z0-9_]*)"?';

/** The tables a statement writes and reads (only names of real tables count). */
function tableUses(text, tables) {
  const sql = stripSql(text);
  const writes = new Set();
  const reads = new Set();
  const add = (set, name) => {
    if (tables.has(name)) set.add(name);
  };
  for (const m of sql.matchAll(new RegExp(`\\bINSERT\\s+INTO\\s+${IDENT}`, 'g'))) add(writes, m[1]);
  for (const m of sql.matchAll(new RegExp(`\\bUPDATE\\s+(?:ONLY\\s+)?${IDENT}(?=[\\s\\S]*?\\bSET\\b)`, 'g'))) add(writes, m[1]);
  for (const m of sql.matchAll(new RegExp(`\\bDELETE\\s+FROM\\s+(?:ONLY\\s+)?${IDENT}`, 'g'))) add(writes, m[1]);
  for (const m of sql.matchAll(new RegExp(`\\bTRUNCATE\\s+(?:TABLE\\s+)?((?:"?[a-z_][a-z0-9_]*"?\\s*,\\s*)*"?[a-z_][a-z0-9_]*"?)`, 'g'))) {
    for (const name of m[1].split(',')) add(writes, name.trim().replace(/"/g, ''));
  }
  // FROM a [x], b [y] ... : a FROM list runs to the next clause keyword.
  for (const m of sql.matchAll(/\bFROM\s+([\s\S]*?)(?=\bWHERE\b|\bJOIN\b|\bLEFT\b|\bRIGHT\b|\bINNER\b|\bFULL\b|\bCROSS\b|\bGROUP\b|\bORDER\b|\bLIMIT\b|\bRETURNING\b|\bON\b|\bUNION\b|\bSET\b|\bHAVING\b|\bWINDOW\b|\bFOR\b|\)|;|$)/g)) {
    for (const item of m[1].split(',')) {
      const name = item.trim().match(/^(?:ONLY\s+)?"?([a-z_][a-z0-9_]*)"?/);
      if (name) add(reads, name[1]);
    }
  }
  for (const m of sql.matchAll(new RegExp(`\\b(?:JOIN|USING)\\s+(?:LATERAL\\s+)?${IDENT}`, 'g'))) add(reads, m[1]);
  // A DELETE's own table is its write, not a read.
  for (const m of sql.matchAll(new RegExp(`\\bDELETE\\s+FROM\\s+(?:ONLY\\s+)?${IDENT}`, 'g'))) {
    const rest = sql.slice(m.index).match(new RegExp(`\\bFROM\\b`, 'g'));
    if (rest && rest.length === 1) reads.delete(m[1]);
  }
  return { writes, reads };
}

/** The tables the migrations leave, in order: CREATE adds, DROP removes, RENAME renames. */
function migratedTables(root) {
  const tables = new Set();
  const dir = path.join(root, MIGRATIONS);
  for (const name of fs.readdirSync(dir).filter((f) => f.endsWith('.ts') && !f.endsWith('.spec.ts')).sort()) {
    const file = path.join(dir, name);
    const sourceFile = ts.createSourceFile(file, fs.readFileSync(file, 'utf8'), ts.ScriptTarget.ES2022, true);
    const ups = [];
    const visit = (node) => {
      if (ts.isMethodDeclaration(node) && node.name.getText(sourceFile) === 'up') ups.push(node);
      ts.forEachChild(node, visit);
    };
    visit(sourceFile);
    for (const up of ups) {
      const texts = [];
      const collect = (node) => {
        const text = literalText(node);
        if (text !== undefined) texts.push(text);
        else ts.forEachChild(node, collect);
      };
      collect(up);
      for (const text of texts) {
        const sql = stripSql(text);
        const statements = /\b(CREATE\s+TABLE|DROP\s+TABLE|ALTER\s+TABLE)\s+(?:IF\s+(?:NOT\s+)?EXISTS\s+)?"?([a-z_][a-z0-9_]*)"?(?:\s+RENAME\s+TO\s+"?([a-z_][a-z0-9_]*)"?)?/gi;
        for (const m of sql.matchAll(statements)) {
          const verb = m[1].toUpperCase().replace(/\s+/g, ' ');
          if (verb === 'CREATE TABLE') tables.add(m[2]);
          else if (verb === 'DROP TABLE') tables.delete(m[2]);
          else if (m[3]) {
            tables.delete(m[2]);
            tables.add(m[3]);
          }
        }
      }
    }
  }
  return tables;
}

/** `@Entity('name')` / `@Entity({ name })` classes by class name, for TypeORM's repositories. */
function entityTables(files) {
  const entities = new Map();
  for (const { sourceFile } of files) {
    const visit = (node) => {
      if (ts.isClassDeclaration(node) && node.name) {
        for (const decorator of ts.getDecorators(node) ?? []) {
          const call = decorator.expression;
          if (!ts.isCallExpression(call) || call.expression.getText(sourceFile) !== 'Entity') continue;
          const [arg] = call.arguments;
          let table;
          if (arg && ts.isStringLiteral(arg)) table = arg.text;
          else if (arg && ts.isObjectLiteralExpression(arg)) {
            for (const property of arg.properties) {
              if (ts.isPropertyAssignment(property) && property.name.getText(sourceFile) === 'name' && ts.isStringLiteral(property.initializer)) table = property.initializer.text;
            }
          }
          if (table) entities.set(node.name.text, table);
        }
      }
      ts.forEachChild(node, visit);
    };
    visit(sourceFile);
  }
  return entities;
}

const REPOSITORY_READS = new Set(['find', 'findBy', 'findOne', 'findOneBy', 'findOneOrFail', 'findOneByOrFail', 'findAndCount', 'count', 'countBy', 'exists', 'existsBy', 'query']);
const REPOSITORY_WRITES = new Set(['insert', 'update', 'delete', 'save', 'remove', 'upsert', 'softDelete', 'restore', 'increment', 'decrement', 'clear']);

/** TypeORM's entity-addressed calls: `getRepository(X).m(...)`, `manager.m(X, ...)`, `@InjectRepository(X)`. */
function repositoryUses(sourceFile, entities) {
  const uses = [];
  const line = (node) => sourceFile.getLineAndCharacterOfPosition(node.getStart(sourceFile)).line + 1;
  const visit = (node) => {
    if (ts.isCallExpression(node)) {
      const callee = node.expression;
      const name = ts.isPropertyAccessExpression(callee) ? callee.name.text : ts.isIdentifier(callee) ? callee.text : undefined;
      const [first] = node.arguments;
      const entity = first && ts.isIdentifier(first) ? entities.get(first.text) : undefined;
      if (entity && (name === 'getRepository' || name === 'InjectRepository' || name === 'createQueryBuilder')) {
        // What the repository is used for: the method called on it, if any.
        const parent = node.parent;
        const method = ts.isPropertyAccessExpression(parent) && parent.expression === node ? parent.name.text : undefined;
        uses.push({ table: entity, kind: method && REPOSITORY_WRITES.has(method) ? 'write' : 'read', line: line(node), via: `${name}(${first.text})${method ? '.' + method : ''}` });
      } else if (entity && name && (REPOSITORY_WRITES.has(name) || REPOSITORY_READS.has(name))) {
        uses.push({ table: entity, kind: REPOSITORY_WRITES.has(name) ? 'write' : 'read', line: line(node), via: `${name}(${first.text})` });
      } else if (name && ['into', 'from', 'update'].includes(name) && entity) {
        uses.push({ table: entity, kind: name === 'from' ? 'read' : 'write', line: line(node), via: `.${name}(${first.text})` });
      }
    }
    ts.forEachChild(node, visit);
  };
  visit(sourceFile);
  return uses;
}

/** The owner folder (relative to src/) a file belongs to: the longest owner path that holds it. */
function ownerOf(file, owners) {
  let best;
  for (const owner of owners) {
    if (file.startsWith(`${SRC}/${owner}/`) && (!best || owner.length > best.length)) best = owner;
  }
  return best;
}

/**
 * Scans src/ under `root` (default: this repository) and returns the findings and problems.
 * Each finding: { file, line, table, kind: 'write' | 'read' | 'sql-outside-persistence' }.
 */
function check(root = ROOT) {
  const { TABLE_OWNERS, SCHEMA_CATALOG, DATABASE_LAYER, TOLERATED_READS, AWAITING_MOVE = [] } = loadOwners(root);
  const problems = [];
  const tables = migratedTables(root);
  for (const table of tables) if (!TABLE_OWNERS[table]) problems.push(`table ${table} has no owner in ${OWNERS_FILE}`);
  for (const table of Object.keys(TABLE_OWNERS)) if (!tables.has(table)) problems.push(`${OWNERS_FILE} names ${table}, which the migrations do not create`);
  const ownerPaths = [...new Set([...Object.values(TABLE_OWNERS), SCHEMA_CATALOG.module])];

  const files = sourceFiles(path.join(root, SRC))
    .map((full) => path.relative(root, full).split(path.sep).join('/'))
    .filter((file) => !file.startsWith(`${MIGRATIONS}/`) && file !== OWNERS_FILE)
    .map((file) => ({ file, sourceFile: ts.createSourceFile(file, fs.readFileSync(path.join(root, file), 'utf8'), ts.ScriptTarget.ES2022, true) }));
  const entities = entityTables(files);

  const findings = [];
  for (const { file, sourceFile } of files) {
    const owner = ownerOf(file, ownerPaths);
    const inPersistence = /\/persistence\//.test(file) || file.startsWith(`${SRC}/${DATABASE_LAYER}/`);
    const catalog = owner === SCHEMA_CATALOG.module;
    const uses = [];
    for (const { text, line } of literals(sourceFile)) {
      if (!isSql(text)) continue;
      const { writes, reads } = tableUses(text, tables);
      if (!inPersistence) findings.push({ file, line, table: [...writes, ...reads][0] ?? '-', kind: 'sql-outside-persistence' });
      for (const table of writes) uses.push({ table, kind: 'write', line });
      for (const table of reads) uses.push({ table, kind: 'read', line });
    }
    for (const use of repositoryUses(sourceFile, entities)) uses.push(use);
    for (const use of uses) {
      if (catalog) continue;
      if (TABLE_OWNERS[use.table] && TABLE_OWNERS[use.table] !== owner && !file.startsWith(`${SRC}/${TABLE_OWNERS[use.table]}/`)) {
        findings.push({ file, line: use.line, table: use.table, kind: use.kind });
      }
    }
  }

  const tolerated = new Set(TOLERATED_READS.map(([file, table]) => `${file} ${table}`));
  const awaiting = new Set(AWAITING_MOVE);
  const seen = new Set();
  const failures = [];
  for (const finding of findings) {
    const key = `${finding.file} ${finding.table}`;
    if (finding.kind === 'read' && tolerated.has(key)) {
      seen.add(key);
      continue;
    }
    if (finding.kind === 'sql-outside-persistence' && awaiting.has(finding.file)) {
      seen.add(finding.file);
      continue;
    }
    failures.push(finding);
  }
  for (const key of tolerated) {
    if (!seen.has(key)) problems.push(`ratchet: ${key.replace(' ', ' no longer reads ')}; remove it from TOLERATED_READS in ${OWNERS_FILE}`);
  }
  for (const file of awaiting) {
    if (!seen.has(file)) problems.push(`ratchet: ${file} has no SQL outside persistence/ any more; remove it from AWAITING_MOVE in ${OWNERS_FILE}`);
  }
  return { findings, failures, problems, tables, tolerated: tolerated.size, awaiting: awaiting.size };
}

function describe(finding, owners) {
  const owner = owners[finding.table];
  if (finding.kind === 'sql-outside-persistence') return `${finding.file}:${finding.line}: SQL outside a persistence/ folder`;
  const verb = finding.kind === 'write' ? 'writes' : 'reads';
  return `${finding.file}:${finding.line}: ${verb} ${finding.table}, owned by ${owner}: go through the ${owner} module's ${finding.kind === 'write' ? 'write facades (commands/)' : 'readers (queries/)'}`;
}

function main() {
  const { TABLE_OWNERS } = loadOwners(ROOT);
  const { findings, failures, problems, tables, tolerated, awaiting } = check();
  if (process.argv.includes('--list')) {
    for (const finding of findings) process.stdout.write(`${finding.kind}\t${finding.table}\t${finding.file}:${finding.line}\n`);
    return;
  }
  for (const problem of problems) process.stderr.write(`table owners: ${problem}\n`);
  for (const failure of failures) process.stderr.write(`table owners: ${describe(failure, TABLE_OWNERS)}\n`);
  if (problems.length + failures.length > 0) {
    process.stderr.write(`table owners: ${failures.length} violation(s), ${problems.length} problem(s)\n`);
    process.exitCode = 1;
  } else {
    process.stdout.write(
      `table owners: ${tables.size} tables, each written by its owner alone; ${tolerated} foreign reads and ${awaiting} files of SQL outside persistence/ left on the ratchet: ok\n`,
    );
  }
}

if (require.main === module) main();

module.exports = { check, tableUses, isSql, migratedTables };
