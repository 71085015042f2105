import type { editor as MonacoEditorApi } from 'monaco-editor/editor/editor.api';
import { jsonEditorOptions } from './editor-options';
import { loadMonaco, type MonacoModule } from './load-monaco';
import type { DocumentTheme } from './use-document-theme';

/** A JSON editor once created: Monaco's module, its API, the editor and its model. */
interface MountedJsonEditor {
  loaded: MonacoModule;
  api: MonacoModule['monaco'];
  editor: MonacoEditorApi.IStandaloneCodeEditor;
  model: MonacoEditorApi.ITextModel;
}

/** What `mountJsonEditor` needs; the getters are read when Monaco has arrived, so they give the latest values. */
export interface MountJsonEditorOptions {
  /** The element the editor is created in (undefined once it is gone: nothing is created). */
  element(): HTMLElement | null;
  /** The model's URI path, from the loaded module's path prefixes: a schema is bound to it. */
  path(loaded: MonacoModule): string;
  text(): string;
  theme(): DocumentTheme;
  ariaLabel: string;
  /** Wires the editor up; what it returns is run when the editor is disposed. */
  onReady(mounted: MountedJsonEditor): (() => void) | void;
  /** Monaco's chunks could not load (the caller keeps its plain textarea). */
  onFailed(): void;
  /** When Monaco is loaded: once the page is idle (the default), or at once (a person has started to use the editor). */
  load?: 'idle' | 'now';
}

let modelCount = 0;

/**
 * Loads Monaco (when the page is idle, or at once) and creates a JSON model and editor in the element: the
 * one way Glassbox makes a Monaco editor (the config and eval editors through
 * `useControlledJsonEditor`, the fork editor through `useJsonEditor`). Returns the function that
 * disposes of it, or stops it being created if Monaco is still loading.
 */
export function mountJsonEditor(options: MountJsonEditorOptions): () => void {
  let disposed = false;
  let dispose: (() => void) | undefined;
  loadMonaco(options.load).then(
    (loaded) => {
      const element = options.element();
      if (disposed || !element) return;
      const api = loaded.monaco;
      modelCount += 1;
      // The count keeps each model's URI unique; the file name after it binds the schema.
      const model = api.editor.createModel(options.text(), 'json', api.Uri.parse(options.path(loaded).replace('{n}', String(modelCount))));
      model.updateOptions({ tabSize: 2, insertSpaces: true });
      const editor = api.editor.create(element, { ...jsonEditorOptions(options.theme(), options.ariaLabel), model });
      const release = options.onReady({ loaded, api, editor, model });
      dispose = () => {
        release?.();
        editor.dispose();
        model.dispose();
      };
    },
    (error: unknown) => {
      if (disposed) return;
      console.warn('Glassbox: the code editor could not load; keeping the plain text editor.', error);
      options.onFailed();
    },
  );
  return () => {
    disposed = true;
    dispose?.();
  };
}
