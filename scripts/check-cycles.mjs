#!/usr/bin/env node
/**
 * Fails when any source file reaches itself through its imports, at any depth. Every kind of
 * import counts: `import`, `import type`, `export … from`, `import('…')` (dynamic or as a type)
 * and `require('…')`. A type-only cycle costs nothing at run time, but it still ties the files
 * into one knot that cannot be understood, tested or moved apart, so it is refused as well.
 *
 * Usage: node scripts/check-cycles.mjs [folder …]   (default: src bridge scripts)
 * Exit code 0 when there is no cycle, 1 with each cycle printed otherwise.
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';

const SOURCE = /\.(ts|tsx|mts|cts|js|jsx|mjs|cjs)$/;
const DECLARATION = /\.d\.(ts|mts|cts)$/;
const SKIPPED_FOLDERS = new Set(['node_modules', 'dist', 'generated', '.git']);
/** What a written extension may stand for on disk, in TypeScript's order (`./x.js` is `x.ts`). */
const WRITTEN_EXTENSION = {
  '.js': ['.ts', '.tsx', '.js', '.jsx'],
  '.jsx': ['.tsx', '.jsx'],
  '.mjs': ['.mts', '.mjs'],
  '.cjs': ['.cts', '.cjs'],
};
const IMPLIED_EXTENSIONS = ['.ts', '.tsx', '.mts', '.js', '.jsx', '.mjs'];

/** Every source file under the folders, declarations and generated code left out. */
function listSources(folder) {
  const files = [];
  for (const entry of readdirSync(folder, { withFileTypes: true })) {
    const path = join(folder, entry.name);
    if (entry.isDirectory()) {
      if (!SKIPPED_FOLDERS.has(entry.name)) files.push(...listSources(path));
    } else if (SOURCE.test(entry.name) && !DECLARATION.test(entry.name)) files.push(path);
  }
  return files;
}

const isFile = (path) => existsSync(path) && statSync(path).isFile();

/** The file a relative specifier names, or undefined for a package or a file that is not there. */
function resolveSpecifier(fromFile, specifier) {
  if (!specifier.startsWith('.')) return undefined;
  const base = resolve(dirname(fromFile), specifier.replace(/\?.*$/, ''));
  const written = Object.keys(WRITTEN_EXTENSION).find((extension) => base.endsWith(extension));
  if (written) {
    const stem = base.slice(0, -written.length);
    for (const extension of WRITTEN_EXTENSION[written]) if (isFile(stem + extension)) return stem + extension;
  }
  if (isFile(base) && SOURCE.test(base)) return base;
  for (const extension of IMPLIED_EXTENSIONS) if (isFile(base + extension)) return base + extension;
  for (const extension of IMPLIED_EXTENSIONS) if (isFile(join(base, 'index' + extension))) return join(base, 'index' + extension);
  return undefined;
}

/** The specifiers one file imports, each with how: 'value', 'type' or 'dynamic'. */
function readImports(file) {
  const text = readFileSync(file, 'utf8');
  const kind = file.endsWith('x') ? ts.ScriptKind.TSX : /\.[cm]?js$/.test(file) ? ts.ScriptKind.JS : ts.ScriptKind.TS;
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true, kind);
  const found = [];
  const literal = (node) => (node && ts.isStringLiteralLike(node) ? node.text : undefined);
  const add = (specifier, how) => specifier !== undefined && found.push({ specifier, how });
  const visit = (node) => {
    if (ts.isImportDeclaration(node)) {
      const clause = node.importClause;
      const typeOnly =
        clause?.isTypeOnly ||
        (clause?.namedBindings &&
          !clause.name &&
          ts.isNamedImports(clause.namedBindings) &&
          clause.namedBindings.elements.length > 0 &&
          clause.namedBindings.elements.every((element) => element.isTypeOnly));
      add(literal(node.moduleSpecifier), typeOnly ? 'type' : 'value');
    } else if (ts.isExportDeclaration(node)) {
      add(literal(node.moduleSpecifier), node.isTypeOnly ? 'type' : 'value');
    } else if (ts.isImportEqualsDeclaration(node) && ts.isExternalModuleReference(node.moduleReference)) {
      add(literal(node.moduleReference.expression), node.isTypeOnly ? 'type' : 'value');
    } else if (ts.isImportTypeNode(node) && ts.isLiteralTypeNode(node.argument)) {
      add(literal(node.argument.literal), 'type');
    } else if (ts.isCallExpression(node)) {
      if (node.expression.kind === ts.SyntaxKind.ImportKeyword) add(literal(node.arguments[0]), 'dynamic');
      else if (ts.isIdentifier(node.expression) && node.expression.text === 'require') add(literal(node.arguments[0]), 'value');
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

/** The import graph of the files: file → [{ to, how }]. */
export function buildGraph(files) {
  const known = new Set(files);
  const graph = new Map();
  for (const file of files) {
    const edges = [];
    for (const { specifier, how } of readImports(file)) {
      const to = resolveSpecifier(file, specifier);
      if (to && known.has(to)) edges.push({ to, how });
    }
    graph.set(file, edges);
  }
  return graph;
}

/** The strongly connected components with more than one file, or one file importing itself (Tarjan). */
function knots(graph) {
  let counter = 0;
  const index = new Map();
  const low = new Map();
  const stack = [];
  const onStack = new Set();
  const result = [];
  const connect = (file) => {
    index.set(file, counter);
    low.set(file, counter);
    counter += 1;
    stack.push(file);
    onStack.add(file);
    for (const { to } of graph.get(file)) {
      if (!index.has(to)) {
        connect(to);
        low.set(file, Math.min(low.get(file), low.get(to)));
      } else if (onStack.has(to)) low.set(file, Math.min(low.get(file), index.get(to)));
    }
    if (low.get(file) !== index.get(file)) return;
    const component = [];
    let member;
    do {
      member = stack.pop();
      onStack.delete(member);
      component.push(member);
    } while (member !== file);
    const selfImport = graph.get(file).some(({ to }) => to === file);
    if (component.length > 1 || selfImport) result.push(component.sort());
  };
  for (const file of [...graph.keys()].sort()) if (!index.has(file)) connect(file);
  return result;
}

/** One shortest loop through the first file of a knot, as edges, found breadth-first inside the knot. */
function shortestLoop(graph, component) {
  const inside = new Set(component);
  const start = component[0];
  const cameFrom = new Map();
  const queue = [start];
  while (queue.length > 0) {
    const file = queue.shift();
    for (const edge of graph.get(file)) {
      if (!inside.has(edge.to)) continue;
      if (edge.to === start) {
        const loop = [{ from: file, ...edge }];
        for (let at = file; at !== start;) {
          const previous = cameFrom.get(at);
          loop.unshift(previous);
          at = previous.from;
        }
        return loop;
      }
      if (!cameFrom.has(edge.to)) {
        cameFrom.set(edge.to, { from: file, ...edge });
        queue.push(edge.to);
      }
    }
  }
  return [];
}

/** Each knot of the folders' import graph: its files and one loop through them. */
export function findCycles(folders) {
  const files = folders.filter((folder) => existsSync(folder)).flatMap(listSources);
  const graph = buildGraph(files);
  return knots(graph).map((files) => ({ files, loop: shortestLoop(graph, files) }));
}

function main() {
  const root = process.cwd();
  const folders = process.argv.slice(2);
  const cycles = findCycles((folders.length > 0 ? folders : ['src', 'bridge', 'scripts']).map((folder) => resolve(root, folder)));
  const name = (file) => relative(root, file);
  if (cycles.length === 0) {
    console.log('check-cycles: no import cycle');
    return;
  }
  for (const { files, loop } of cycles) {
    console.error(`Import cycle among ${files.length} file(s): ${files.map(name).join(', ')}`);
    console.error(`  ${name(loop[0].from)}`);
    for (const edge of loop) console.error(`    → ${name(edge.to)}${edge.how === 'value' ? '' : ` (${edge.how} import)`}`);
  }
  console.error(`check-cycles: ${cycles.length} import cycle(s). Move the shared types to a file both sides can import.`);
  process.exitCode = 1;
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) main();
