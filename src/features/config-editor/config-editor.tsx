import { useMemo, useRef } from 'react';
import { DEFAULT_CONFIG_TEXT } from '../../core/config';
import type { ConfigProblem, ConfigStore } from '../../core/config';
import { CopyButton } from '../../ui/copy-button';
import { useStore } from '../../ui/use-store';
import { isFirstFrame } from '../../ui/first-frame';
import { EmptyState } from './empty-state';
import { ExamplesMenu } from './examples-menu';
import { ProblemList } from './problem-list';
import { countProblems, summarizeProblems } from './problem-summary';
import { useControlledJsonEditor } from '../../ui/monaco/use-controlled-json-editor';
import './config-editor.css';

const IS_MAC = typeof navigator !== 'undefined' && /Mac|iPhone|iPad|iPod/.test(navigator.platform);

/** Props of the mcp.json editor; the text lives in the config store. */
export interface ConfigEditorProps {
  /** Holds the text; every edit (typing, an example, the demo servers) goes to it. */
  store: ConfigStore;
  /** Called by the Apply button and Ctrl/Cmd+Enter, once the store has the editor's text. */
  onApply(): void;
  /** True while an apply is in progress: the Apply button waits. */
  applying?: boolean;
}

/**
 * The mcp.json editor: a plain textarea at once, Monaco (JSON with our schema) once the person
 * points at or focuses it and its chunks have loaded; the parser's problems as markers and as a clickable list; Apply, a share link
 * without secrets, examples, and an empty state that teaches the format.
 */
export function ConfigEditor({ store, onApply: apply, applying = false }: ConfigEditorProps) {
  const host = useRef<HTMLDivElement>(null);
  const fallback = useRef<HTMLTextAreaElement>(null);
  const applyButton = useRef<HTMLButtonElement>(null);
  // The store parses each text once, when edits pause; `parsed` lags `text` meanwhile.
  const { text, parsed } = useStore(store);
  const onTextChange = (next: string) => store.setText(next);
  const onApply = (next: string) => {
    store.setText(next);
    apply();
  };
  // Blank text gets the empty state instead of an "empty text" squiggle.
  const marked = useMemo(() => (parsed.text.trim() === '' ? { text: parsed.text, problems: [] } : parsed), [parsed]);
  const monaco = useControlledJsonEditor({
    host,
    fallback,
    path: (loaded) => `${loaded.MODEL_PATH_PREFIX}{n}/mcp.json`,
    ariaLabel: 'mcp.json',
    text,
    onTextChange,
    parsed: marked,
    source: 'mcp.json',
    onApply,
    // On the first screen for everyone, used by fewer: Monaco would keep half the page's JS heap.
    loadOnFirstUse: true,
  });
  const ready = monaco.status === 'ready';

  const empty = text.trim() === '';
  const counts = countProblems(parsed.problems);
  const summary = empty ? 'Empty' : summarizeProblems(parsed.problems);
  const summaryTone = counts.error > 0 ? 'err' : counts.warning > 0 ? 'warn' : 'ok';

  // A share link needs JSON that can be read (to find and remove secrets): the button is offered when
  // the last parsed text can be shared, and the store falls back to the last such text if the newest cannot.
  const shareable = parsed.safeText !== undefined;
  const shareLink = () => location.origin + location.pathname + (store.shareFragment() ?? '');

  const selectProblem = (problem: ConfigProblem) => {
    if (monaco.revealPosition(problem.line, problem.column)) return;
    const area = fallback.current;
    if (!area) return;
    area.focus();
    area.setSelectionRange(problem.offset, problem.offset + problem.length);
  };

  // The prerendered first frame cannot know the platform: it names the keys once the page has taken over.
  const mac = IS_MAC && !isFirstFrame();
  const applyKeys = mac ? '⌘+Enter' : 'Ctrl+Enter';
  const applyTitle =
    counts.error > 0
      ? `Apply (${applyKeys}): entries with errors are skipped; the other servers connect.`
      : `Apply (${applyKeys}): connect the servers in this mcp.json.`;

  return (
    <div className="config-editor">
      <div className="config-editor-toolbar">
        <span className={`config-summary ${empty ? '' : summaryTone}`} data-testid="config-summary" role="status" title={summary}>
          {summary}
        </span>
        <ExamplesMenu text={text} onLoad={onTextChange} />
        <span
          className="config-share"
          title="Copies a link that opens Glassbox with this mcp.json. Header values and other secrets are left out."
        >
          {shareable ? (
            <CopyButton text={shareLink} label="Share link" testId="config-share" />
          ) : (
            <button
              type="button"
              className="small-button"
              data-testid="config-share"
              disabled
              title="Fix the JSON syntax errors first, so no secret slips into the link."
            >
              Share link
            </button>
          )}
        </span>
        <button
          ref={applyButton}
          type="button"
          className="button primary"
          data-testid="config-apply"
          data-has-errors={counts.error > 0 ? 'true' : 'false'}
          title={applyTitle}
          disabled={applying}
          aria-busy={applying}
          onClick={() => onApply(text)}
        >
          {applying ? 'Applying…' : 'Apply'}
        </button>
      </div>
      {empty && (
        <EmptyState
          onUseDemo={() => {
            onTextChange(DEFAULT_CONFIG_TEXT);
            applyButton.current?.focus();
          }}
        />
      )}
      <div
        className="config-editor-surface"
        data-testid="config-editor"
        data-editor={ready ? 'monaco' : 'textarea'}
        role="group"
        aria-label="mcp.json"
      >
        {!ready && (
          <textarea
            ref={fallback}
            className="config-editor-textarea"
            aria-label="mcp.json"
            spellCheck={false}
            autoCapitalize="off"
            autoComplete="off"
            value={text}
            onChange={(event) => onTextChange(event.target.value)}
            onKeyDown={(event) => {
              if (event.key === 'Enter' && (event.ctrlKey || event.metaKey)) {
                event.preventDefault();
                onApply(event.currentTarget.value);
              }
            }}
          />
        )}
        <div ref={host} className="config-editor-monaco" hidden={!ready} />
      </div>
      {!empty && parsed.problems.length > 0 && <ProblemList problems={parsed.problems} onSelect={selectProblem} />}
      <p className="config-editor-hint">
        {applyKeys} applies · {ready ? `Tab leaves the editor (${mac ? '⌃⇧M' : 'Ctrl+M'} makes it indent) · ` : ''}Share links leave header
        values out.
      </p>
    </div>
  );
}
