import type { editor } from 'monaco-editor/editor/editor.api';
import type { DocumentTheme } from './use-document-theme';

/** Monaco's theme for the page's. */
export function monacoTheme(theme: DocumentTheme): string {
  return theme === 'dark' ? 'vs-dark' : 'vs';
}

/** The options every Glassbox JSON editor shares: compact, wrapped, in the page's mono font, typing taken as typed. */
export function jsonEditorOptions(theme: DocumentTheme, ariaLabel: string): editor.IStandaloneEditorConstructionOptions {
  const fontFamily = getComputedStyle(document.documentElement).getPropertyValue('--font-mono').trim();
  return {
    theme: monacoTheme(theme),
    ariaLabel,
    automaticLayout: true,
    fixedOverflowWidgets: true,
    minimap: { enabled: false },
    scrollBeyondLastLine: false,
    wordWrap: 'on',
    lineNumbersMinChars: 3,
    // The number of the line after a final newline in the normal colour: Monaco dims it below a
    // readable contrast (1.75:1 in vs, 1.79:1 in vs-dark; axe flags it in the Evals editor).
    renderFinalNewline: 'on',
    lineDecorationsWidth: 6,
    fontSize: 12,
    lineHeight: 17,
    ...(fontFamily ? { fontFamily } : {}),
    padding: { top: 4, bottom: 4 },
    renderLineHighlight: 'line',
    scrollbar: { verticalScrollbarSize: 10, horizontalScrollbarSize: 10 },
    'semanticHighlighting.enabled': false,
    // What is typed arrives as typed (people paste, and tests type JSON with page.keyboard):
    // no auto-closed or auto-surrounding quotes and brackets, and Enter or a comma never accepts a suggestion.
    autoClosingBrackets: 'never',
    autoClosingQuotes: 'never',
    autoSurround: 'never',
    acceptSuggestionOnEnter: 'off',
    acceptSuggestionOnCommitCharacter: false,
    // Tab moves focus on (no keyboard trap); Tab still accepts a suggestion, Enter indents,
    // and Ctrl+M (Mac: Ctrl+Shift+M) switches Tab to indenting.
    tabFocusMode: true,
  };
}
