/**
 * The eval file's editor: a plain textarea at once, Monaco (lazy, like the config editor) when it
 * has loaded, with the eval schema for hover and completion and the reader's problems as markers
 * at their lines.
 */
import { useEffect, useLayoutEffect, useRef, useState } from 'react';
import type { editor as MonacoEditorApi } from 'monaco-editor/editor/editor.api';
import type { ConfigProblem } from '../../core/config';
import type { MonacoModule } from '../../ui/monaco/load-monaco';
import { monacoTheme } from '../../ui/monaco/editor-options';
import { mountJsonEditor } from '../../ui/monaco/mount-json-editor';
import { useDocumentTheme } from '../../ui/monaco/use-document-theme';

/** Monaco's marker severities (no Monaco import needed for them). */
const SEVERITY = { error: 8, warning: 4, info: 2 } as const;

interface LiveEditor {
  api: MonacoModule['monaco'];
  editor: MonacoEditorApi.IStandaloneCodeEditor;
  model: MonacoEditorApi.ITextModel;
}

/** Props for EvalEditor. */
export interface EvalEditorProps {
  text: string;
  onTextChange(text: string): void;
  /** The reader's problems for `problemsText` (markers are set only when it is the editor's text). */
  problems: readonly ConfigProblem[];
  problemsText: string;
}

/** The editor; see the file comment. */
export function EvalEditor({ text, onTextChange, problems, problemsText }: EvalEditorProps) {
  const host = useRef<HTMLDivElement>(null);
  const theme = useDocumentTheme();
  const latest = useRef({ text, onTextChange, theme });
  const [live, setLive] = useState<LiveEditor | null>(null);
  const [failed, setFailed] = useState(false);
  useLayoutEffect(() => {
    latest.current = { text, onTextChange, theme };
  });

  useEffect(() => {
    const unmount = mountJsonEditor({
      element: () => host.current,
      path: (loaded) => `${loaded.EVALS_PATH_PREFIX}{n}/file.evals.json`,
      text: () => latest.current.text,
      theme: () => latest.current.theme,
      ariaLabel: 'Eval file',
      onReady: ({ api, editor, model }) => {
        const subscription = model.onDidChangeContent(() => {
          const value = model.getValue();
          if (value !== latest.current.text) latest.current.onTextChange(value);
        });
        setLive({ api, editor, model });
        return () => subscription.dispose();
      },
      onFailed: () => setFailed(true),
    });
    return () => {
      unmount();
      setLive(null);
    };
  }, []);

  // A text from outside (a file opened) replaces the content, undoably.
  useEffect(() => {
    if (!live || live.model.getValue() === text) return;
    live.editor.pushUndoStop();
    live.editor.executeEdits('glassbox', [{ range: live.model.getFullModelRange(), text, forceMoveMarkers: true }]);
    live.editor.pushUndoStop();
  }, [live, text]);

  useEffect(() => {
    if (!live || live.model.getValue() !== problemsText) return;
    live.api.editor.setModelMarkers(
      live.model,
      'glassbox',
      problems.map((problem) => ({
        severity: SEVERITY[problem.severity],
        message: problem.reason,
        code: problem.code,
        source: 'evals',
        startLineNumber: problem.line,
        startColumn: problem.column,
        endLineNumber: problem.endLine,
        endColumn: Math.max(problem.endColumn, problem.line === problem.endLine ? problem.column + 1 : problem.endColumn),
      })),
    );
  }, [live, problems, problemsText]);

  useEffect(() => {
    live?.api.editor.setTheme(monacoTheme(theme));
  }, [live, theme]);

  const ready = live !== null;
  return (
    <div className="eval-editor" data-testid="eval-editor" data-editor={ready ? 'monaco' : failed ? 'textarea' : 'loading'}>
      <div ref={host} className="eval-editor-host" hidden={!ready} />
      {!ready && (
        <textarea className="eval-editor-text" aria-label="Eval file" spellCheck={false} value={text} onChange={(event) => onTextChange(event.target.value)} data-testid="eval-editor-text" />
      )}
    </div>
  );
}
