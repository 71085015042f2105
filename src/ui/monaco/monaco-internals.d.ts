// Types for the two untyped Monaco modules that json-language.ts uses (monaco-editor 0.57).
// They are what Monaco's own JSON mode (languages/features/json/jsonMode.js) is built from; we use
// them directly because that mode's worker manager imports every editor contribution.

declare module 'monaco-editor/languages/features/common/lspLanguageFeatures' {
  type Languages = typeof import('monaco-editor/editor/editor.api').languages;
  type Uri = import('monaco-editor/editor/editor.api').Uri;
  type CompletionItemProvider = import('monaco-editor/editor/editor.api').languages.CompletionItemProvider;
  type HoverProvider = import('monaco-editor/editor/editor.api').languages.HoverProvider;
  type FormattingProvider = import('monaco-editor/editor/editor.api').languages.DocumentFormattingEditProvider;
  type RangeFormattingProvider = import('monaco-editor/editor/editor.api').languages.DocumentRangeFormattingEditProvider;
  type FoldingRangeProvider = import('monaco-editor/editor/editor.api').languages.FoldingRangeProvider;

  /** Returns a proxy of the language worker with the given models synced to it. */
  export type WorkerAccessor = (...resources: Uri[]) => Promise<unknown>;

  /** Completions from the language worker. */
  export class CompletionAdapter implements CompletionItemProvider {
    constructor(worker: WorkerAccessor, triggerCharacters: string[]);
    get triggerCharacters(): string[];
    provideCompletionItems: CompletionItemProvider['provideCompletionItems'];
  }
  /** Hovers from the language worker. */
  export class HoverAdapter implements HoverProvider {
    constructor(worker: WorkerAccessor);
    provideHover: HoverProvider['provideHover'];
  }
  /** Whole-document formatting from the language worker. */
  export class DocumentFormattingEditProvider implements FormattingProvider {
    constructor(worker: WorkerAccessor);
    provideDocumentFormattingEdits: FormattingProvider['provideDocumentFormattingEdits'];
  }
  /** Selection formatting from the language worker. */
  export class DocumentRangeFormattingEditProvider implements RangeFormattingProvider {
    constructor(worker: WorkerAccessor);
    provideDocumentRangeFormattingEdits: RangeFormattingProvider['provideDocumentRangeFormattingEdits'];
  }
  /** Folding ranges from the language worker. */
  export class FoldingRangeAdapter implements FoldingRangeProvider {
    constructor(worker: WorkerAccessor);
    provideFoldingRanges: FoldingRangeProvider['provideFoldingRanges'];
  }
  export type { Languages };
}

declare module 'monaco-editor/languages/features/json/tokenization' {
  /** Monaco's JSON tokenizer (jsonc-parser's scanner), with or without comment tokens. */
  export function createTokenizationSupport(supportComments: boolean): import('monaco-editor/editor/editor.api').languages.TokensProvider;
}
