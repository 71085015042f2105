import type { GuardFinding, GuardFindingKind } from '../core/guard';
import type { ToolChange } from '../core/tools';
import { EscapedText } from './escaped-text';
import './tool-guard.css';

/** A finding kind in a few words. */
const FINDING_LABEL: Record<GuardFindingKind, string> = {
  'invisible-chars': 'invisible characters',
  'model-directed': 'addressed to the model',
  shadowing: "names another server's tool",
  length: 'unusually long',
};

/** Where a finding is, in words: `description`, `parameter notes (description)`, `instructions`. */
function fieldLabel(finding: GuardFinding): string {
  const subject =
    finding.subject.type === 'tool'
      ? ''
      : finding.subject.type === 'instructions'
        ? ''
        : `${finding.subject.type} ${finding.subject.name}: `;
  return `${subject}${finding.field}`;
}

/** The findings on some server text: kind, where, the span highlighted in context, and why. Hints, not proof. */
export function FindingList({ findings, label }: { findings: readonly GuardFinding[]; label: string }) {
  if (findings.length === 0) return null;
  return (
    <ul className="guard-findings" aria-label={label}>
      {findings.map((finding, index) => (
        <li
          key={`${finding.field}-${finding.start}-${finding.kind}-${index}`}
          className="guard-finding"
          data-testid="tool-finding"
          data-kind={finding.kind}
          data-field={finding.field}
          data-subject={finding.subject.name}
          data-start={finding.start}
          data-end={finding.end}
        >
          <span className="badge warn guard-kind">{FINDING_LABEL[finding.kind]}</span>{' '}
          <code className="guard-field">{fieldLabel(finding)}</code>{' '}
          <span className="faint">
            [{finding.start}–{finding.end}]
          </span>
          <div className="guard-context mono">
            {finding.start > finding.before.length ? '…' : ''}
            <EscapedText text={finding.before} />
            <mark className="guard-mark" data-kind={finding.kind} data-testid="finding-span">
              <EscapedText text={finding.kind === 'length' ? `${finding.excerpt.slice(0, 60)}…` : finding.excerpt} />
            </mark>
            <EscapedText text={finding.after} />
            {finding.after.length >= 40 ? '…' : ''}
          </div>
          <div className="guard-reason">{finding.reason}</div>
        </li>
      ))}
    </ul>
  );
}

/** "Changed since you allowed it": the badge on a changed tool. */
export function ToolChangedBadge({ change }: { change: ToolChange }) {
  return (
    <span
      className="badge warn guard-changed"
      data-testid="tool-changed"
      title={`Definition ${change.pinnedHash} was allowed; the server now lists ${change.currentHash}.`}
    >
      changed since you allowed it
    </span>
  );
}

/** What changed in a tool's definition since the person allowed it, word by word. */
export function ToolDiffView({ change }: { change: ToolChange }) {
  return (
    <div className="guard-diff" data-testid="tool-diff" role="group" aria-label={`What changed in ${change.tool} since you allowed it`}>
      {change.fields.map((field) => (
        <div key={field.field} className="guard-diff-field" data-field={field.field}>
          <div className="section-title">{field.field}</div>
          <pre className="guard-diff-text">
            {field.parts.map((part, index) =>
              part.type === 'same' ? (
                <EscapedText key={index} text={part.text} />
              ) : part.type === 'added' ? (
                <ins key={index} className="guard-added" aria-label={`added: ${part.text}`}>
                  <EscapedText text={part.text} />
                </ins>
              ) : (
                <del key={index} className="guard-removed" aria-label={`removed: ${part.text}`}>
                  <EscapedText text={part.text} />
                </del>
              ),
            )}
          </pre>
        </div>
      ))}
    </div>
  );
}
