/**
 * The lazily loaded Monaco bundle for the config editor: the editor API, the JSON language and
 * only the editor contributions an mcp.json needs. Import it only through `load-monaco.ts`
 * (a dynamic import), so Vite puts Monaco in chunks of its own and the page starts without it.
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
import { registerJsonLanguage } from './json-language';
import { withMarkdownDescriptions } from './schema-for-monaco';

/** The Monaco API object, as loaded by this module. */
export type MonacoApi = typeof monaco;

/** Monaco's editor API, configured for mcp.json. */
export { monaco };

/** Where config-editor models live (`<prefix><n>/mcp.json`): the mcp.json schema is bound to these URIs. */
export const MODEL_PATH_PREFIX = 'inmemory://glassbox/config-editor/';

self.MonacoEnvironment = {
  // Only the generic editor worker is asked for here; the JSON worker is started by json-language.ts.
  getWorker: () => new EditorWorker(),
};

// The schema gives hover text and completions. Validation of the text is ours (parseMcpConfig →
// markers owned by "glassbox"), so the JSON language registers no diagnostics of its own: one set
// of squiggles, the same as the problem list below the editor.
registerJsonLanguage({
  allowComments: false,
  schemas: [{ uri: mcpConfigSchema.$id, fileMatch: ['config-editor/*/mcp.json'], schema: withMarkdownDescriptions(mcpConfigSchema) }],
});
