/**
 * The layer list of docs/architecture.md, read from `CORE_LAYERS` in eslint.config.js (the rule
 * ESLint enforces), so the page never holds a second copy that could drift from it. Each layer's
 * trailing `//` comment in the config is its description. core-layers.test.ts checks the page.
 */
import ts from 'typescript';

/** One layer of src/core: its folders, and what the config's comment says of it. */
export interface CoreLayer {
  folders: string[];
  description: string;
}

/** The comments that enclose the generated list in a Markdown page. */
export const LAYERS_START = '<!-- core-layers:start (generated from CORE_LAYERS in eslint.config.js; update: npx vitest run scripts/docs -u) -->';
export const LAYERS_END = '<!-- core-layers:end -->';

/** The layers of `CORE_LAYERS`, bottom first, parsed from the source text of eslint.config.js. */
export function readCoreLayers(source: string): CoreLayer[] {
  const file = ts.createSourceFile('eslint.config.js', source, ts.ScriptTarget.Latest, true, ts.ScriptKind.JS);
  let list: ts.ArrayLiteralExpression | undefined;
  const visit = (node: ts.Node): void => {
    if (ts.isVariableDeclaration(node) && node.name.getText(file) === 'CORE_LAYERS' && node.initializer && ts.isArrayLiteralExpression(node.initializer)) {
      list = node.initializer;
    }
    ts.forEachChild(node, visit);
  };
  visit(file);
  if (!list) throw new Error('eslint.config.js has no `const CORE_LAYERS = [...]`');
  return list.elements.map((element) => {
    if (!ts.isArrayLiteralExpression(element)) throw new Error(`CORE_LAYERS holds a non-array: ${element.getText(file)}`);
    const folders = element.elements.map((folder) => {
      if (!ts.isStringLiteral(folder)) throw new Error(`CORE_LAYERS holds a non-string folder: ${folder.getText(file)}`);
      return folder.text;
    });
    const lineEnd = source.indexOf('\n', element.end);
    const rest = source.slice(element.end, lineEnd === -1 ? undefined : lineEnd);
    const description = /\/\/\s*(.*?)\s*$/.exec(rest)?.[1] ?? '';
    return { folders, description };
  });
}

/** The layers as a numbered Markdown list, bottom first, between the start and end comments. */
export function coreLayersMarkdown(layers: readonly CoreLayer[]): string {
  const items = layers.map(
    ({ folders, description }, index) =>
      `${index + 1}. ${folders.map((folder) => `\`${folder}\``).join(', ')}${description === '' ? '' : ` — ${description}`}`,
  );
  return [LAYERS_START, ...items, LAYERS_END].join('\n');
}

/** `page` with its generated block replaced by `block`; throws when the page has no block. */
export function withLayers(page: string, block: string): string {
  const start = page.indexOf(LAYERS_START);
  const end = page.indexOf(LAYERS_END);
  if (start === -1 || end === -1 || end < start) throw new Error(`the page has no ${LAYERS_START} … ${LAYERS_END} block`);
  return page.slice(0, start) + block + page.slice(end + LAYERS_END.length);
}
