import { useEffect, useLayoutEffect, useRef, useState } from 'react';
import type { RefObject } from 'react';
import type { editor as MonacoEditorApi } from 'monaco-editor/editor/editor.api';
import type { MonacoModule } from '../../ui/monaco/load-monaco';
import { MARKER_OWNER, problemsToMarkers } from '../../ui/monaco/problem-markers';
import type { DocumentTheme } from '../../ui/monaco/use-document-theme';
import { monacoTheme } from '../../ui/monaco/editor-options';
import { mountJsonEditor } from '../../ui/monaco/mount-json-editor';
import type { ParsedConfigText } from '../../core/config';

/** What `useMonacoEditor` needs: where to mount, the controlled text and its callbacks. */
export interface MonacoEditorOptions {
  /** The element Monaco is created in; it must stay mounted. */
  host: RefObject<HTMLDivElement | null>;
  /** The plain textarea shown while Monaco loads: its caret and focus carry over to Monaco. */
  fallback: RefObject<HTMLTextAreaElement | null>;
  text: string;
  onTextChange: (text: string) => void;
  onApply: (text: string) => void;
  parsed: Pick<ParsedConfigText, 'text' | 'problems'>;
  theme: DocumentTheme;
}

/** The state of the Monaco editor behind the config editor. */
export interface MonacoEditorState {
  /** `loading` until Monaco is created, `failed` if its chunks could not load (the textarea stays). */
  status: 'loading' | 'ready' | 'failed';
  /** Puts the cursor at a 1-based line and column and focuses the editor; false while Monaco is not ready. */
  revealPosition: (line: number, column: number) => boolean;
}

interface LiveEditor {
  api: MonacoModule['monaco'];
  editor: MonacoEditorApi.IStandaloneCodeEditor;
  model: MonacoEditorApi.ITextModel;
}

/** How many of our own recent values are remembered to tell a stale echo from a real outside change. */
const ECHO_MEMORY = 50;

/**
 * Loads Monaco on mount and creates a JSON editor in `host`, kept in step with the controlled
 * `text`: typing calls `onTextChange`, a new `text` from outside replaces the content (undoably),
 * problems become markers, the theme follows the page, and Ctrl/Cmd+Enter calls `onApply`.
 */
export function useMonacoEditor(options: MonacoEditorOptions): MonacoEditorState {
  const { host, fallback, text, parsed, theme } = options;
  const [live, setLive] = useState<LiveEditor | null>(null);
  const [failed, setFailed] = useState(false);
  const latest = useRef(options);
  /** Values this editor has reported through onTextChange that the `text` prop has not caught up with. */
  const echoes = useRef(new Set<string>());
  /** True while we write an outside `text` into the model, so that write is not reported back. */
  const writing = useRef(false);
  const focusWhenReady = useRef(false);

  useLayoutEffect(() => {
    latest.current = options;
  });

  useEffect(() => {
    const unmount = mountJsonEditor({
      element: () => host.current,
      path: (loaded) => `${loaded.MODEL_PATH_PREFIX}{n}/mcp.json`,
      text: () => latest.current.text,
      theme: () => latest.current.theme,
      ariaLabel: 'mcp.json',
      onReady: ({ api, editor, model }) => {
        editor.addAction({
          id: 'glassbox.applyConfig',
          label: 'Apply mcp.json',
          keybindings: [api.KeyMod.CtrlCmd | api.KeyCode.Enter],
          run: () => latest.current.onApply(model.getValue()),
        });
        const subscription = model.onDidChangeContent(() => {
          if (writing.current) return;
          const value = model.getValue();
          echoes.current.add(value);
          if (echoes.current.size > ECHO_MEMORY) {
            const oldest = echoes.current.values().next().value;
            if (oldest !== undefined) echoes.current.delete(oldest);
          }
          latest.current.onTextChange(value);
        });
        // Someone typing in the textarea while Monaco loaded keeps their caret and focus.
        const area = fallback.current;
        if (area && document.activeElement === area) {
          editor.setPosition(model.getPositionAt(area.selectionStart));
          focusWhenReady.current = true;
        }
        setLive({ api, editor, model });
        return () => subscription.dispose();
      },
      onFailed: () => setFailed(true),
    });
    return () => {
      unmount();
      setLive(null);
    };
  }, [host, fallback]);

  // Focus moves from the textarea (now gone) to Monaco.
  useEffect(() => {
    if (live && focusWhenReady.current) {
      focusWhenReady.current = false;
      live.editor.focus();
    }
  }, [live]);

  // A `text` from outside (an example, the demo servers, a reset) replaces the content, undoably.
  useEffect(() => {
    if (!live) return;
    const { editor, model } = live;
    if (model.getValue() === text) {
      echoes.current.clear();
      return;
    }
    // The parent lags behind fast typing: an older value of ours is not an outside change.
    if (echoes.current.has(text)) return;
    echoes.current.clear();
    writing.current = true;
    try {
      editor.pushUndoStop();
      editor.executeEdits('glassbox', [{ range: model.getFullModelRange(), text, forceMoveMarkers: true }]);
      editor.pushUndoStop();
    } finally {
      writing.current = false;
    }
    editor.setPosition({ lineNumber: 1, column: 1 });
    editor.setScrollTop(0);
  }, [live, text]);

  // Markers follow the parse, once it describes the text that is in the model.
  useEffect(() => {
    if (!live || live.model.getValue() !== parsed.text) return;
    live.api.editor.setModelMarkers(live.model, MARKER_OWNER, problemsToMarkers(parsed.problems, 'mcp.json'));
  }, [live, parsed]);

  useEffect(() => {
    live?.api.editor.setTheme(monacoTheme(theme));
  }, [live, theme]);

  return {
    status: live ? 'ready' : failed ? 'failed' : 'loading',
    revealPosition: (line, column) => {
      if (!live) return false;
      const position = { lineNumber: line, column };
      live.editor.setPosition(position);
      live.editor.revealPositionInCenterIfOutsideViewport(position);
      live.editor.focus();
      return true;
    },
  };
}
