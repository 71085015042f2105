/**
 * A lean JSON language for the config editor's Monaco: tokens, brackets, and hover, completion,
 * formatting and folding from Monaco's JSON worker (vscode-json-languageservice) with our schema.
 *
 * Monaco's own `languages/features/json/register` would do the same, but its worker manager goes
 * through `internal/common/workers.js`, which imports all ~70 editor contributions (about 160 kB
 * gzipped that the config editor does not use). This module talks to the same worker through the
 * public `editor.createWebWorker` instead. Diagnostics are not registered for every model: the
 * config editor's text is validated by `parseMcpConfig`; an editor that wants the schema's own
 * checks asks for them with `schemaProblems`.
 */
import { editor, languages, MarkerSeverity } from 'monaco-editor/editor/editor.api';
import type { Uri } from 'monaco-editor/editor/editor.api';
import {
  CompletionAdapter,
  DocumentFormattingEditProvider,
  DocumentRangeFormattingEditProvider,
  FoldingRangeAdapter,
  HoverAdapter,
} from 'monaco-editor/languages/features/common/lspLanguageFeatures';
import { createTokenizationSupport } from 'monaco-editor/languages/features/json/tokenization';
import JsonWorker from 'monaco-editor/languages/features/json/json.worker?worker';

/** A JSON Schema bound to the models whose URI matches one of `fileMatch` (globs, as in VS Code). */
export interface JsonSchemaAssociation {
  uri: string;
  fileMatch: string[];
  schema: object;
}

/** What the JSON worker is configured with (vscode-json-languageservice `LanguageSettings`). */
export interface JsonLanguageSettings {
  allowComments: boolean;
  schemas: JsonSchemaAssociation[];
}

const LANGUAGE_ID = 'json';

/** An LSP diagnostic as the JSON worker returns it (0-based lines and characters; severity 1 error, 2 warning). */
interface Diagnostic {
  range: { start: { line: number; character: number }; end: { line: number; character: number } };
  message: string;
  severity?: number;
}

/** The worker's validation entry point (JSONWorker.doValidation). */
interface ValidatingWorker {
  doValidation(uri: string): Promise<Diagnostic[]>;
}

/** The worker accessor of the registered language (set by registerJsonLanguage). */
let workerOf: ((...resources: Uri[]) => Promise<unknown>) | undefined;

/** A model's problems against the schema bound to its URI, as Monaco markers. */
export async function schemaProblems(model: editor.ITextModel): Promise<editor.IMarkerData[]> {
  if (workerOf === undefined) return [];
  const worker = (await workerOf(model.uri)) as ValidatingWorker;
  const diagnostics = await worker.doValidation(model.uri.toString());
  return diagnostics.map((diagnostic) => ({
    severity: diagnostic.severity === 1 ? MarkerSeverity.Error : diagnostic.severity === 2 ? MarkerSeverity.Warning : MarkerSeverity.Info,
    message: diagnostic.message,
    startLineNumber: diagnostic.range.start.line + 1,
    startColumn: diagnostic.range.start.character + 1,
    endLineNumber: diagnostic.range.end.line + 1,
    endColumn: diagnostic.range.end.character + 1,
  }));
}

/** Registers the `json` language with the given settings. Call once, before creating a JSON model. */
export function registerJsonLanguage(settings: JsonLanguageSettings): void {
  let client: editor.MonacoWebWorker<object> | undefined;
  const worker = async (...resources: Uri[]): Promise<unknown> => {
    client ??= editor.createWebWorker<object>({ worker: startJsonWorker(settings), keepIdleModels: true });
    await client.withSyncedResources(resources);
    return client.getProxy();
  };
  workerOf = worker;

  languages.register({ id: LANGUAGE_ID, extensions: ['.json'], aliases: ['JSON', 'json'], mimetypes: ['application/json'] });
  languages.setTokensProvider(LANGUAGE_ID, createTokenizationSupport(settings.allowComments));
  languages.setLanguageConfiguration(LANGUAGE_ID, {
    wordPattern: /(-?\d*\.\d\w*)|([^[{\]}:",\s]+)/g,
    brackets: [
      ['{', '}'],
      ['[', ']'],
    ],
    autoClosingPairs: [
      { open: '{', close: '}', notIn: ['string'] },
      { open: '[', close: ']', notIn: ['string'] },
      { open: '"', close: '"', notIn: ['string'] },
    ],
  });
  languages.registerCompletionItemProvider(LANGUAGE_ID, new CompletionAdapter(worker, [' ', ':', '"']));
  languages.registerHoverProvider(LANGUAGE_ID, new HoverAdapter(worker));
  languages.registerDocumentFormattingEditProvider(LANGUAGE_ID, new DocumentFormattingEditProvider(worker));
  languages.registerDocumentRangeFormattingEditProvider(LANGUAGE_ID, new DocumentRangeFormattingEditProvider(worker));
  languages.registerFoldingRangeProvider(LANGUAGE_ID, new FoldingRangeAdapter(worker));
}

function startJsonWorker(settings: JsonLanguageSettings): Worker {
  const worker = new JsonWorker();
  // The worker's protocol (internal/common/initialize.js): a first message starts it, the second
  // carries the create data that JSONWorker's constructor reads.
  worker.postMessage('ignore');
  worker.postMessage({
    languageId: LANGUAGE_ID,
    enableSchemaRequest: false,
    // Validation runs only when asked (schemaProblems); no diagnostics adapter is registered.
    languageSettings: { validate: true, allowComments: settings.allowComments, schemas: settings.schemas },
  });
  return worker;
}
