/**
 * The lazily loaded Monaco bundle shared by the config editor, the eval editor and the fork
 * editor: the editor API, the JSON language with our schemas (mcp.json, eval files, and each wire
 * format's request body) and only the editor contributions they need. Import it only through
 * `load-monaco.ts` (a dynamic import), so Vite puts Monaco in chunks of its own and the page
 * starts without it.
 */
import * as monaco from 'monaco-editor/editor/editor.api';
// Workers are bundled by Vite (no CDN): the generic editor worker here, the JSON worker in json-language.ts.
import EditorWorker from 'monaco-editor/editor/editor.worker?worker';
// A trimmed set of contributions (editor.main pulls in ~70 and every language).
import 'monaco-editor/features/codicon/register';
import 'monaco-editor/features/find/register';
import 'monaco-editor/features/folding/register';
import 'monaco-editor/features/bracketMatching/register';
import 'monaco-editor/features/hover/register';
import 'monaco-editor/features/suggest/register';
import 'monaco-editor/editor/contrib/suggest/browser/suggestController';
import 'monaco-editor/features/snippet/register';
import 'monaco-editor/features/clipboard/register';
import 'monaco-editor/features/contextmenu/register';
import 'monaco-editor/features/cursorUndo/register';
import 'monaco-editor/features/wordOperations/register';
import 'monaco-editor/features/format/register';
import 'monaco-editor/features/gotoError/register';
import 'monaco-editor/features/toggleTabFocusMode/register';
import { mcpConfigSchema } from '../../core/config';
import { REQUEST_SCHEMAS } from '../../core/providers';
import { evalsSchema } from '../../core/evals';
import { registerJsonLanguage, type JsonSchemaAssociation } from './json-language';
import { withMarkdownDescriptions } from './schema-for-monaco';

/** The Monaco API object, as loaded by this module. */
export type MonacoApi = typeof monaco;

/** Monaco's editor API, configured for mcp.json and request bodies. */
export { monaco };
/** Checks a JSON model against the schema bound to its URI. */
export { schemaProblems } from './json-language';

/** Where config-editor models live (`<prefix><n>/mcp.json`): the mcp.json schema is bound to these URIs. */
export const MODEL_PATH_PREFIX = 'inmemory://glassbox/config-editor/';

/** Where eval-file models live (`<prefix><n>/file.evals.json`): the eval schema is bound to these URIs. */
export const EVALS_PATH_PREFIX = 'inmemory://glassbox/evals-editor/';

/** Where request-body models live (`<prefix><n>/<wire format>.json`): each format's request schema is bound to its file name. */
export const REQUEST_PATH_PREFIX = 'inmemory://glassbox/request-editor/';

/** The request schemas, each bound to models named after its wire format. */
const requestSchemas: JsonSchemaAssociation[] = Object.entries(REQUEST_SCHEMAS).map(([wire, schema]) => ({
  uri: `glassbox://request-schema/${wire}.json`,
  fileMatch: [`request-editor/*/${wire}.json`],
  schema: withMarkdownDescriptions(schema),
}));

self.MonacoEnvironment = {
  // Only the generic editor worker is asked for here; the JSON worker is started by json-language.ts.
  getWorker: () => new EditorWorker(),
};

// The schemas give hover text and completions. mcp.json is validated by parseMcpConfig (markers
// owned by "glassbox"), so the JSON language registers no diagnostics of its own: one set of
// squiggles, the same as the problem list below the editor. A request body is checked against
// its schema on demand (schemaProblems), by the fork editor.
registerJsonLanguage({
  allowComments: false,
  schemas: [
    { uri: mcpConfigSchema.$id, fileMatch: ['config-editor/*/mcp.json'], schema: withMarkdownDescriptions(mcpConfigSchema) },
    // An eval file is validated by readEvalFile (markers owned by "glassbox"), like mcp.json; the schema gives hover and completion.
    { uri: evalsSchema.$id, fileMatch: ['evals-editor/*/file.evals.json'], schema: withMarkdownDescriptions(evalsSchema) },
    ...requestSchemas,
  ],
});
