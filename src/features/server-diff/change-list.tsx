import { useState } from 'react';
import { CHANGE_KINDS, type ChangeKind, type SnapshotChange } from '../../core/snapshot';

/** How each kind is named, and who it concerns. */
export const KIND_LABEL: Record<ChangeKind, { title: string; hint: string }> = {
  breaking: { title: 'Breaking', hint: 'a client written for A may fail against B' },
  'model-visible': { title: 'Model-visible', hint: 'the model may choose or fill tools differently' },
  compatible: { title: 'Compatible', hint: 'B accepts everything A did' },
  cosmetic: { title: 'Cosmetic', hint: 'order only' },
};

/** Rows drawn per kind before "Show all": a comparison of thousands of changes still draws at once. */
const ROW_LIMIT = 150;

/** A value as pretty JSON text (inert: React escapes it), or a dash when absent on that side. */
function Value({ value, side }: { value: unknown; side: 'A' | 'B' }) {
  if (value === undefined)
    return (
      <div className="diff-value absent" aria-label={`Not in ${side}`}>
        —
      </div>
    );
  return (
    <pre className="diff-value" aria-label={`Value in ${side}`}>
      {typeof value === 'string' ? JSON.stringify(value) : JSON.stringify(value, null, 2)}
    </pre>
  );
}

/** One change: its path, the sentence on who it affects, and the value in A beside the value in B. */
function ChangeRow({ change }: { change: SnapshotChange }) {
  return (
    <li className={`diff-change kind-${change.kind}`} data-testid="diff-change" data-kind={change.kind} data-path={change.path}>
      <div className="diff-change-head">
        <span className={`diff-kind kind-${change.kind}`}>{KIND_LABEL[change.kind].title}</span>
        <code className="diff-path">{change.path}</code>
      </div>
      <p className="diff-sentence">{change.sentence}</p>
      <div className="diff-values">
        <Value value={change.before} side="A" />
        <Value value={change.after} side="B" />
      </div>
    </li>
  );
}

/** One kind's group, the first rows drawn and the rest a click away. */
function KindGroup({ kind, changes }: { kind: ChangeKind; changes: readonly SnapshotChange[] }) {
  const [all, setAll] = useState(false);
  const shown = all ? changes : changes.slice(0, ROW_LIMIT);
  const headingId = `diff-group-${kind}`;
  return (
    <section className="diff-group" aria-labelledby={headingId} data-testid={`diff-group-${kind}`}>
      <h3 id={headingId}>
        <span className={`diff-kind kind-${kind}`}>{KIND_LABEL[kind].title}</span> {changes.length}
        <span className="faint"> · {KIND_LABEL[kind].hint}</span>
      </h3>
      <ul className="diff-change-list">
        {shown.map((change, index) => (
          <ChangeRow key={`${index}:${change.path}`} change={change} />
        ))}
      </ul>
      {shown.length < changes.length && (
        <button type="button" className="small-button" onClick={() => setAll(true)}>
          Show all {changes.length} {KIND_LABEL[kind].title.toLowerCase()} changes
        </button>
      )}
    </section>
  );
}

/** The changes grouped by kind, breaking first; the empty state when A and B are the same. */
export function ChangeList({ changes }: { changes: readonly SnapshotChange[] }) {
  if (changes.length === 0)
    return (
      <p className="diff-empty" data-testid="diff-empty">
        A and B list the same things: no change in capabilities, instructions, tools, resources, templates or prompts.
      </p>
    );
  return (
    <div className="diff-groups">
      {CHANGE_KINDS.map((kind) => {
        const ofKind = changes.filter((change) => change.kind === kind);
        return ofKind.length === 0 ? null : <KindGroup key={kind} kind={kind} changes={ofKind} />;
      })}
    </div>
  );
}
