import { useEffect, useLayoutEffect, useRef, useState } from 'react';
import type { RefObject } from 'react';
import type { editor as MonacoEditorApi } from 'monaco-editor/editor/editor.api';
import type { ConfigProblem } from '../../core/config';
import type { MonacoModule } from './load-monaco';
import { MARKER_OWNER, problemsToMarkers } from './problem-markers';
import { monacoTheme } from './editor-options';
import { mountJsonEditor } from './mount-json-editor';
import { useDocumentTheme } from './use-document-theme';

/** What `useControlledJsonEditor` needs: where to mount, which model, the controlled text, its problems and callbacks. */
export interface ControlledJsonEditorOptions {
  /** The element Monaco is created in; it must stay mounted. */
  host: RefObject<HTMLDivElement | null>;
  /** The plain textarea shown while Monaco loads, if its caret and focus should carry over to Monaco. */
  fallback?: RefObject<HTMLTextAreaElement | null>;
  /** The model's URI path from the loaded module's prefixes, `{n}` for its number: the schema bound to it gives hover and completion. Read once, at mount. */
  path(loaded: MonacoModule): string;
  /** Read once, at mount; also names the Ctrl/Cmd+Enter action (`Apply mcp.json`). */
  ariaLabel: string;
  text: string;
  onTextChange(text: string): void;
  /** The page's reader's problems and the text it read: drawn as markers once that is the model's text. */
  parsed: { text: string; problems: readonly ConfigProblem[] };
  /** What the markers name as their source (`mcp.json`, `evals`). */
  source: string;
  /** Ctrl/Cmd+Enter calls this with the model's text (none at mount: the keys do nothing of ours). */
  onApply?(text: string): void;
  /**
   * Load Monaco only once the person points at or focuses the `fallback` textarea, not when the page
   * is idle: for an editor on the first screen that many never touch. Monaco keeps about 12 MB of
   * the page's JS heap; the textarea takes typing meanwhile, and its caret and focus carry over.
   */
  loadOnFirstUse?: boolean;
}

/** The state of a controlled Monaco JSON editor. */
export interface ControlledJsonEditorState {
  /** `loading` until Monaco is created, `failed` if its chunks could not load (the caller keeps its textarea). */
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
 * Loads Monaco (lazily, when the page is idle or on first use) and creates a JSON editor in `host`, kept in step
 * with the controlled `text`: typing calls `onTextChange`, a new `text` from outside (an example,
 * a file opened, a reset) replaces the content undoably, the reader's problems become markers, the
 * theme follows the page, and Ctrl/Cmd+Enter calls `onApply`. The one way the config editor and the
 * eval editor use Monaco; the fork editor, which checks against a schema, has `useJsonEditor`.
 */
export function useControlledJsonEditor(options: ControlledJsonEditorOptions): ControlledJsonEditorState {
  const { host, fallback, text, parsed, source } = options;
  const theme = useDocumentTheme();
  const [live, setLive] = useState<LiveEditor | null>(null);
  const [failed, setFailed] = useState(false);
  const latest = useRef(options);
  const themeRef = useRef(theme);
  /** Values this editor has reported through onTextChange that the `text` prop has not caught up with. */
  const echoes = useRef(new Set<string>());
  /** True while we write an outside `text` into the model, so that write is not reported back. */
  const writing = useRef(false);
  const focusWhenReady = useRef(false);
  const [used, setUsed] = useState(options.loadOnFirstUse !== true);

  useLayoutEffect(() => {
    latest.current = options;
    themeRef.current = theme;
  });

  // The first pointer over, or focus of, the textarea starts Monaco's load.
  useEffect(() => {
    const area = fallback?.current;
    if (used || !area) return;
    const use = () => setUsed(true);
    const events = ['pointerenter', 'pointerdown', 'focus'] as const;
    for (const event of events) area.addEventListener(event, use, { once: true });
    if (document.activeElement === area) use();
    return () => {
      for (const event of events) area.removeEventListener(event, use);
    };
  }, [fallback, used]);

  useEffect(() => {
    if (!used) return;
    const unmount = mountJsonEditor({
      load: latest.current.loadOnFirstUse === true ? 'now' : 'idle',
      element: () => host.current,
      path: latest.current.path,
      text: () => latest.current.text,
      theme: () => themeRef.current,
      ariaLabel: latest.current.ariaLabel,
      onReady: ({ api, editor, model }) => {
        if (latest.current.onApply) {
          editor.addAction({
            id: 'glassbox.apply',
            label: `Apply ${latest.current.ariaLabel}`,
            keybindings: [api.KeyMod.CtrlCmd | api.KeyCode.Enter],
            run: () => latest.current.onApply?.(model.getValue()),
          });
        }
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
        const area = fallback?.current;
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
  }, [host, fallback, used]);

  // Focus moves from the textarea (now gone) to Monaco.
  useEffect(() => {
    if (live && focusWhenReady.current) {
      focusWhenReady.current = false;
      live.editor.focus();
    }
  }, [live]);

  // A `text` from outside replaces the content, undoably.
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

  // Markers follow the reader, once its problems describe the text that is in the model.
  useEffect(() => {
    if (!live || live.model.getValue() !== parsed.text) return;
    live.api.editor.setModelMarkers(live.model, MARKER_OWNER, problemsToMarkers(parsed.problems, source));
  }, [live, parsed, source]);

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
