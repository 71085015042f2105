import { useEffect, useLayoutEffect, useRef, useState } from 'react';
import type { RefObject } from 'react';
import { monacoTheme } from './editor-options';
import { mountJsonEditor } from './mount-json-editor';
import { useDocumentTheme } from './use-document-theme';

/** What `useJsonEditor` needs. */
export interface JsonEditorOptions {
  /** The element Monaco is created in; it must stay mounted. */
  host: RefObject<HTMLDivElement | null>;
  /** The text Monaco starts with (later edits flow out through onTextChange only). */
  initialText: string;
  onTextChange(text: string): void;
  /** The model's file name, e.g. `anthropic.json`: a request schema is bound to its wire format's name. */
  fileName: string;
  ariaLabel: string;
}

/** A problem the schema found, for the list under the editor. */
export interface SchemaProblem {
  line: number;
  message: string;
}

/** `loading` until Monaco is created, `failed` if its chunks could not load (the caller keeps its textarea). */
export type JsonEditorStatus = 'loading' | 'ready' | 'failed';

/** How long typing must pause before the schema is checked again, in milliseconds. */
const CHECK_DELAY_MS = 300;

/**
 * A Monaco JSON editor for a request body: created once Monaco has loaded, checked against the
 * schema bound to `fileName` (markers, and the problems returned), themed like the page.
 */
export function useJsonEditor(options: JsonEditorOptions): { status: JsonEditorStatus; problems: SchemaProblem[] } {
  const { host, fileName } = options;
  const theme = useDocumentTheme();
  const latest = useRef(options);
  const themeRef = useRef(theme);
  const [status, setStatus] = useState<JsonEditorStatus>('loading');
  const [problems, setProblems] = useState<SchemaProblem[]>([]);
  const setThemeRef = useRef<((theme: string) => void) | undefined>(undefined);
  useLayoutEffect(() => {
    latest.current = options;
    themeRef.current = theme;
  });

  useEffect(
    () =>
      mountJsonEditor({
        element: () => host.current,
        path: (loaded) => `${loaded.REQUEST_PATH_PREFIX}{n}/${fileName}`,
        text: () => latest.current.initialText,
        theme: () => themeRef.current,
        ariaLabel: latest.current.ariaLabel,
        onReady: ({ loaded, api, model }) => {
          let timer: ReturnType<typeof setTimeout> | undefined;
          const check = (): void => {
            void loaded.schemaProblems(model).then((markers) => {
              if (model.isDisposed()) return;
              api.editor.setModelMarkers(model, 'json-schema', markers);
              setProblems(markers.map((marker) => ({ line: marker.startLineNumber, message: marker.message })));
            });
          };
          const subscription = model.onDidChangeContent(() => {
            latest.current.onTextChange(model.getValue());
            clearTimeout(timer);
            timer = setTimeout(check, CHECK_DELAY_MS);
          });
          check();
          setThemeRef.current = (next) => api.editor.setTheme(next);
          setStatus('ready');
          return () => {
            clearTimeout(timer);
            subscription.dispose();
          };
        },
        onFailed: () => setStatus('failed'),
      }),
    [host, fileName],
  );

  useEffect(() => {
    if (status === 'ready') setThemeRef.current?.(monacoTheme(theme));
  }, [status, theme]);

  return { status, problems };
}
