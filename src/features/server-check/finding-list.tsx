import { memo, useRef } from 'react';
import { useVirtualizer } from '@tanstack/react-virtual';
import { CHECK_CATEGORIES, type CheckFinding } from '../../core/checks';

/** A row's height before it is measured (a finding with its expected, actual, rule and fix). */
const ESTIMATED_ROW = 118;

const SEVERITY_LABEL: Record<CheckFinding['severity'], string> = { fail: 'fail', warn: 'warning', info: 'note', pass: 'pass' };
const categoryLabel = (id: CheckFinding['category']): string => CHECK_CATEGORIES.find((entry) => entry.id === id)?.label ?? id;

/** One finding: what was expected, what came back, the rule, the fix, and its exchanges on the MCP wire. */
const FindingRow = memo(function FindingRow({
  finding,
  onShowExchanges,
}: {
  finding: CheckFinding;
  onShowExchanges(ids: readonly number[]): void;
}) {
  const count = finding.exchangeIds.length;
  return (
    <article
      className={`check-finding severity-${finding.severity}`}
      data-testid="check-finding"
      data-check={finding.id}
      data-severity={finding.severity}
      data-category={finding.category}
      data-subject={finding.subject}
      aria-label={`${SEVERITY_LABEL[finding.severity]}: ${finding.title}${finding.subject ? ` (${finding.subject})` : ''}`}
    >
      <header className="check-finding-head">
        <span className={`check-severity severity-${finding.severity}`}>{SEVERITY_LABEL[finding.severity]}</span>
        <strong className="check-finding-title">{finding.title}</strong>
        {finding.nodeOnly && <span className="badge">headless only</span>}
      </header>
      <div className="check-finding-meta">
        {finding.subject && <code className="check-subject">{finding.subject}</code>}
        <code className="check-id faint" title={`${categoryLabel(finding.category)}: the check's stable id`}>
          {finding.id}
        </code>
      </div>
      <dl className="check-facts">
        <dt>Expected</dt>
        <dd>{finding.expected}</dd>
        <dt>Came back</dt>
        <dd>{finding.actual}</dd>
        {finding.fix && (
          <>
            <dt>Fix</dt>
            <dd>{finding.fix}</dd>
          </>
        )}
      </dl>
      <footer className="check-finding-foot">
        <a href={finding.rule.url} target="_blank" rel="noopener noreferrer" data-testid="check-rule">
          {finding.rule.label}
        </a>
        <span className="spacer" />
        <button
          type="button"
          className="small-button"
          disabled={count === 0}
          onClick={() => onShowExchanges(finding.exchangeIds)}
          data-testid="check-show-wire"
          title={count === 0 ? 'No exchange shows this finding' : 'Select its exchanges on the MCP wire'}
        >
          {count === 0 ? 'Nothing on the wire' : `Show on the MCP wire (${count})`}
        </button>
      </footer>
    </article>
  );
});

/**
 * The findings, one row each, virtualised: a server with hundreds of tools yields a row per tool
 * and check, and only the rows in view are drawn (their heights measured as they appear).
 */
export function FindingList({
  findings,
  onShowExchanges,
}: {
  findings: readonly CheckFinding[];
  onShowExchanges(ids: readonly number[]): void;
}) {
  const scrollRef = useRef<HTMLDivElement>(null);
  const virtualizer = useVirtualizer({
    count: findings.length,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => ESTIMATED_ROW,
    overscan: 6,
  });
  if (findings.length === 0) return <p className="muted check-empty">No findings match.</p>;
  return (
    <div ref={scrollRef} className="check-findings" role="list" aria-label="Findings" data-testid="check-findings" tabIndex={0}>
      <div className="check-findings-sizer" style={{ height: virtualizer.getTotalSize() }}>
        {virtualizer.getVirtualItems().map((item) => {
          const finding = findings[item.index];
          if (finding === undefined) return null;
          return (
            <div
              key={item.key}
              role="listitem"
              data-index={item.index}
              ref={virtualizer.measureElement}
              className="check-findings-row"
              style={{ transform: `translateY(${item.start}px)` }}
            >
              <FindingRow finding={finding} onShowExchanges={onShowExchanges} />
            </div>
          );
        })}
      </div>
    </div>
  );
}
