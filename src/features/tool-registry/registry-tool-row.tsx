import { useLayoutEffect, useRef, useState } from 'react';
import type { ProviderId } from '../../core/providers';
import { describeRenameReason, type ToolRow } from './group-tools';
import { PolicySelect, type PolicyControls } from './policy-select';
import { ProviderSchemaView } from './provider-schema-view';
import { ToolGuardNotes } from './tool-guard-notes';
import type { GuardFinding } from '../../core/guard';
import { useStore } from '../../ui/use-store';
import { EscapedText } from '../../ui/escaped-text';

/**
 * One registered tool: the public name the model sees, the name behind it, hints, the schema
 * warning count for the current provider, and its policy. Expands to the per-provider schemas.
 */
export function RegistryToolRow({
  row,
  provider,
  policies,
  findings,
}: {
  row: ToolRow;
  provider: ProviderId;
  policies: PolicyControls;
  findings: readonly GuardFinding[];
}) {
  const [open, setOpen] = useState(false);
  const { tool } = row;
  const change = useStore(policies).changes.find((entry) => entry.server === tool.server && entry.tool === tool.remoteName);
  const counts = row.warningCounts[provider];
  const renameTitle = row.renamed
    ? `The model sees ${tool.publicName} instead of ${row.plainName}: ${row.reasons.map((reason) => describeRenameReason(reason, row.suffix)).join('; ')}.`
    : tool.origin === 'local'
      ? 'Runs in this page; no server is involved.'
      : `Public name = <server>_<tool>; tools/call sends "${tool.remoteName}" to ${tool.server}.`;
  return (
    <li
      className={`registry-tool${open ? ' open' : ''}`}
      data-testid="registry-tool"
      data-public-name={tool.publicName}
      data-server={tool.server}
      data-remote-name={tool.remoteName}
      data-renamed={row.renamed}
      data-findings={findings.length}
      data-changed={change !== undefined}
    >
      <div className="registry-tool-line">
        <div className="registry-tool-names">
          <button
            type="button"
            className="registry-toggle"
            aria-expanded={open}
            aria-label={`${open ? 'Hide' : 'Show'} the schema of ${tool.publicName}`}
            onClick={() => setOpen(!open)}
          >
            <span className="registry-caret" aria-hidden>
              {open ? '▾' : '▸'}
            </span>
            <code className="registry-public-name" title="The public name: what the model sees and calls">
              {tool.publicName}
            </code>
          </button>
          <span className={`registry-origin${row.renamed ? ' renamed' : ''}`} title={renameTitle} data-testid="registry-origin">
            ← {tool.origin === 'local' ? 'local' : tool.server} · <code>{tool.remoteName}</code>
          </span>
          {tool.origin === 'mcp' && tool.hiddenFromModel !== undefined && (
            <span className="badge" data-testid="registry-app-only" title={tool.hiddenFromModel}>
              app only: not offered to the model
            </span>
          )}
          {row.renamed &&
            row.reasons.map((reason) => (
              <span key={reason} className="badge warn registry-rename" title={describeRenameReason(reason, row.suffix)}>
                {reason === 'suffixed' ? `suffix ${row.suffix ?? ''}` : reason}
              </span>
            ))}
          {row.hints.length > 0 && (
            <span
              className="registry-hints"
              role="group"
              aria-label={tool.origin === 'local' ? 'hints declared by Glassbox' : 'hints from the server'}
              title={
                tool.origin === 'local'
                  ? 'Hints declared by Glassbox for its own tool'
                  : "Hints from the server: the server's claim, not a guarantee"
              }
            >
              <span className="registry-hints-label faint">{tool.origin === 'local' ? 'hints' : 'hints from the server'}</span>
              {row.hints.map((badge) => (
                <span
                  key={badge.hint}
                  className={`badge${badge.tone === 'warn' ? ' warn' : ''}`}
                  title={`${badge.hint}: ${String(badge.value)}`}
                >
                  {badge.label}
                </span>
              ))}
            </span>
          )}
          {counts.warning > 0 && (
            <button
              type="button"
              className="badge warn registry-warning-count"
              data-testid="schema-warning-count"
              aria-label={`${counts.warning} schema warning${counts.warning === 1 ? '' : 's'} for ${provider}: show them`}
              title={`${counts.warning} schema warning${counts.warning === 1 ? '' : 's'} for ${provider}${counts.info > 0 ? ` (+${counts.info} note${counts.info === 1 ? '' : 's'})` : ''}; open to read them`}
              onClick={() => setOpen(true)}
            >
              ⚠ {counts.warning}
            </button>
          )}
        </div>
        <PolicySelect
          policies={policies}
          server={tool.server}
          remoteName={tool.remoteName}
          publicName={tool.publicName}
          annotations={tool.annotations}
        />
      </div>
      <ToolText title={tool.title} description={tool.description} findings={findings} />
      <ToolGuardNotes findings={findings} change={change} publicName={tool.publicName} />
      {open && <ProviderSchemaView tool={tool} provider={provider} />}
    </li>
  );
}

/** Title and description as plain text, the description clipped to two lines until expanded. */
function ToolText({ title, description, findings }: { title: string | undefined; description: string; findings: readonly GuardFinding[] }) {
  const [full, setFull] = useState(false);
  const [clipped, setClipped] = useState(false);
  const ref = useRef<HTMLSpanElement>(null);
  // CSS clips at two lines; offer "more" only when something was actually cut off.
  useLayoutEffect(() => {
    const element = ref.current;
    if (!element || full) return;
    const measure = () => setClipped(element.scrollHeight > element.clientHeight + 1);
    measure();
    if (typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(measure);
    observer.observe(element);
    return () => observer.disconnect();
  }, [description, full]);
  const showTitle = title !== undefined && title !== '' && title !== description;
  if (!showTitle && description === '') return <div className="registry-text faint">No description.</div>;
  return (
    <div className="registry-text">
      {showTitle && (
        <span className="registry-title">
          <EscapedText text={title} marks={marksOf(findings, 'title')} />
        </span>
      )}
      {description !== '' && (
        <span ref={ref} className={`registry-description${full ? ' full' : ''}`} data-testid="registry-description">
          <EscapedText text={description} marks={marksOf(findings, 'description')} />
        </span>
      )}
      {(clipped || full) && (
        <button type="button" className="link-button registry-more" onClick={() => setFull(!full)} aria-expanded={full}>
          {full ? 'less' : 'more'}
        </button>
      )}
    </div>
  );
}

/** The highlights of one field's findings. */
function marksOf(findings: readonly GuardFinding[], field: string) {
  return findings
    .filter((finding) => finding.field === field)
    .map((finding) => ({ start: finding.start, end: finding.end, kind: finding.kind, title: finding.reason }));
}
