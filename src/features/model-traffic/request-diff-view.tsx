import type { RequestDiff } from '../../core/providers';
import { JsonView } from '../../ui/json-view';

/** A count with its noun, singular or plural. */
function count(n: number, noun: string): string {
  return `${n} ${noun}${n === 1 ? '' : 's'}`;
}

/** The changes that are not appended entries, as short lines (none in the usual step of a turn). */
function otherChanges(diff: RequestDiff): string[] {
  const lines: string[] = [];
  if (diff.dropped > 0)
    lines.push(`${count(diff.dropped, 'earlier entry')} not resent as before: the history was rewritten from entry ${diff.shared + 1}.`);
  if (diff.systemChanged) lines.push('The system prompt changed.');
  const { added, removed, changed } = diff.tools;
  if (added.length > 0) lines.push(`Tools added: ${added.join(', ')}.`);
  if (removed.length > 0) lines.push(`Tools removed: ${removed.join(', ')}.`);
  if (changed.length > 0) lines.push(`Tool definitions changed: ${changed.join(', ')}.`);
  if (diff.settings.length > 0) lines.push(`Settings changed: ${diff.settings.join(', ')}.`);
  return lines;
}

/**
 * What a model request adds to the previous request of its turn: the entries after those both
 * share (each as JSON), and any other change named in words. Every request resends the whole
 * conversation; this is the part that is new.
 */
export function RequestDiffView({ diff, previousStep }: { diff: RequestDiff; previousStep: number }) {
  const others = otherChanges(diff);
  return (
    <section
      className="request-diff"
      data-testid="request-diff"
      data-added={diff.added.length}
      aria-label={`What this request adds to step ${previousStep}`}
    >
      <p className="hint faint">
        New since the request of step {previousStep}: {count(diff.added.length, 'entry')} after the {count(diff.shared, 'entry')} it resends
        unchanged.
      </p>
      {others.length > 0 && (
        <ul className="warn-box request-diff-changes" data-testid="request-diff-changes">
          {others.map((line) => (
            <li key={line}>{line}</li>
          ))}
        </ul>
      )}
      {diff.added.map((entry, index) => (
        <div key={index} className="request-diff-entry" data-testid="request-diff-entry">
          <div className="muted mono">+ entry {diff.shared + index + 1}</div>
          <JsonView value={entry} openDepth={4} label={`Added entry ${diff.shared + index + 1}`} />
        </div>
      ))}
    </section>
  );
}
