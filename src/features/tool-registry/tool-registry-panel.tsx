import { useId, useMemo } from 'react';
import { PROVIDERS, type ProviderId } from '../../core/providers';
import type { GuardFinding, GuardSnapshot } from '../../core/guard';
import type { ToolRegistrySnapshot } from '../../core/tools';
import { useStore, type ExternalStore } from '../../ui/use-store';
import { collisionNotes, groupTools, type ToolGroup } from './group-tools';
import type { PolicyControls } from './policy-select';
import { RegistryToolRow } from './registry-tool-row';
import { GuardAbout, ServerGuardNotes } from './tool-guard-notes';
import './tool-registry.css';

/** Props for ToolRegistryPanel. */
export interface ToolRegistryPanelProps {
  /** The ToolRegistry (anything with its subscribe/getSnapshot). */
  registry: ExternalStore<ToolRegistrySnapshot>;
  /** The PolicyStore. */
  policies: PolicyControls;
  /** The wire format currently selected in the top bar; its schema tab opens first. */
  provider: ProviderId;
  /** Server names in mcp.json order; groups follow it (others alphabetically, local last). */
  serverOrder?: readonly string[];
  /** The GuardStore: findings on each server's text. */
  guard: ExternalStore<GuardSnapshot>;
}

const TRUST_EXPLANATION = "Tools the server marks readOnlyHint: true default to allow; hints are the server's claim, not a guarantee.";

/**
 * The tool registry: every tool the model is offered, grouped by server, with the public name,
 * the name behind it, server hints, per-provider schemas with their warnings, and the policy
 * that decides whether a call runs.
 */
export function ToolRegistryPanel({ registry, policies, provider, serverOrder, guard }: ToolRegistryPanelProps) {
  const snapshot = useStore(registry);
  const policySnapshot = useStore(policies);
  const { findings } = useStore(guard);
  const groups = useMemo(() => groupTools(snapshot.tools, snapshot.problems, serverOrder), [snapshot, serverOrder]);
  const collisions = useMemo(() => collisionNotes(groups), [groups]);
  const problemCount = snapshot.problems.length + collisions.length + policySnapshot.problems.length;
  return (
    <div className="tool-registry" data-testid="tool-registry" data-provider={provider}>
      <p className="note registry-teaching">
        <strong>The registry decides what the model sees; the policy decides what runs. Registered is not allowed.</strong> Every tool below
        is offered to the model under its public name, with its schema converted for the current wire format (
        {PROVIDERS[provider].schema.label}). When the model calls one, its policy applies: allow runs it, ask waits for you, deny refuses
        it.
      </p>
      <GuardAbout />
      {problemCount > 0 && (
        <div className="warn-box registry-problems" data-testid="registry-problems" role="status">
          <div className="section-title">Registry notes ({problemCount})</div>
          <ul>
            {snapshot.problems.map((problem, index) => (
              <li key={`p-${index}`} data-testid="registry-problem">
                <strong>{problem.server}</strong>: {problem.message}
              </li>
            ))}
            {collisions.map((note) => (
              <li key={note} data-testid="registry-problem" data-kind="collision">
                {note}
              </li>
            ))}
            {policySnapshot.problems.map((problem) => (
              <li key={problem} data-testid="registry-problem" data-kind="policy">
                {problem}
              </li>
            ))}
          </ul>
        </div>
      )}
      {groups.length === 0 ? (
        <div className="empty" data-testid="registry-empty">
          No tools registered yet. Connect a server (or wait for the agent&apos;s own tools to load): each tool it lists appears here with
          the name and schema the model will see.
        </div>
      ) : (
        <>
          <div className="registry-summary faint">
            {snapshot.tools.length} tool{snapshot.tools.length === 1 ? '' : 's'} offered to the model from{' '}
            {groups.filter((group) => !group.local).length} server
            {groups.filter((group) => !group.local).length === 1 ? '' : 's'}
            {groups.some((group) => group.local) ? ' and the page itself' : ''}.
          </div>
          {groups.map((group) => (
            <RegistryGroup key={group.server} group={group} provider={provider} policies={policies} findings={findings} />
          ))}
        </>
      )}
    </div>
  );
}

function RegistryGroup({
  group,
  provider,
  policies,
  findings,
}: {
  group: ToolGroup;
  provider: ProviderId;
  policies: PolicyControls;
  findings: readonly GuardFinding[];
}) {
  const serverFindings = findings.filter((finding) => finding.server === group.server);
  const trusted = policies.trustsReadOnlyHints(group.server);
  const helpId = useId();
  const warningTotal = group.tools.reduce((sum, row) => sum + row.warningCounts[provider].warning, 0);
  return (
    <section
      className={`registry-group${group.local ? ' local' : ''}`}
      data-testid="registry-group"
      data-server={group.server}
      aria-label={group.label}
    >
      <header className="registry-group-head">
        <strong className="registry-group-name">{group.label}</strong>
        <span className="badge">
          {group.tools.length} tool{group.tools.length === 1 ? '' : 's'}
        </span>
        {warningTotal > 0 && (
          <span className="badge warn" title={`Schema warnings for ${provider} in this group`}>
            ⚠ {warningTotal}
          </span>
        )}
        <span className="spacer" />
        {!group.local && (
          <label className="registry-trust" title={TRUST_EXPLANATION}>
            <input
              type="checkbox"
              data-testid={`trust-read-only-${group.server}`}
              checked={trusted}
              onChange={(event) => policies.setTrustReadOnly(group.server, event.target.checked)}
              aria-describedby={helpId}
            />
            Trust read-only hints
          </label>
        )}
      </header>
      {!group.local && (
        <p className="registry-trust-help faint" id={helpId}>
          {TRUST_EXPLANATION}
        </p>
      )}
      <ServerGuardNotes server={group.label} findings={serverFindings.filter((finding) => finding.subject.type !== 'tool')} />
      {group.problems.length > 0 && group.tools.length === 0 && (
        <p className="registry-group-empty faint">No usable tools from this server (see the notes above).</p>
      )}
      {group.tools.length > 0 && (
        <ul className="registry-tools">
          {group.tools.map((row) => (
            <RegistryToolRow
              key={row.tool.publicName}
              row={row}
              provider={provider}
              policies={policies}
              findings={serverFindings.filter((finding) => finding.subject.type === 'tool' && finding.subject.name === row.tool.remoteName)}
            />
          ))}
        </ul>
      )}
    </section>
  );
}
