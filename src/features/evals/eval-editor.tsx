/**
 * The eval file's editor: a plain textarea at once, Monaco (lazy, like the config editor, through
 * the same `useControlledJsonEditor`) when it has loaded, with the eval schema for hover and
 * completion and the reader's problems as markers at their lines.
 */
import { useMemo, useRef } from 'react';
import type { ConfigProblem } from '../../core/config';
import { useControlledJsonEditor } from '../../ui/monaco/use-controlled-json-editor';

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
  const parsed = useMemo(() => ({ text: problemsText, problems }), [problemsText, problems]);
  const { status } = useControlledJsonEditor({
    host,
    path: (loaded) => `${loaded.EVALS_PATH_PREFIX}{n}/file.evals.json`,
    ariaLabel: 'Eval file',
    text,
    onTextChange,
    parsed,
    source: 'evals',
  });

  const ready = status === 'ready';
  return (
    <div className="eval-editor" data-testid="eval-editor" data-editor={ready ? 'monaco' : status === 'failed' ? 'textarea' : 'loading'}>
      <div ref={host} className="eval-editor-host" hidden={!ready} />
      {!ready && (
        <textarea
          className="eval-editor-text"
          aria-label="Eval file"
          spellCheck={false}
          value={text}
          onChange={(event) => onTextChange(event.target.value)}
          data-testid="eval-editor-text"
        />
      )}
    </div>
  );
}
