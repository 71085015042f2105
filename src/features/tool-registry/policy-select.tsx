import type { PolicyStore, ToolAnnotations, ToolPolicy } from '../../core/tools';

/** The parts of PolicyStore the registry panel uses. */
export type PolicyControls = Pick<
  PolicyStore,
  'subscribe' | 'getSnapshot' | 'explainPolicy' | 'setPolicy' | 'setTrustReadOnly' | 'trustsReadOnlyHints'
>;

const POLICY_OPTIONS: ReadonlyArray<{ value: ToolPolicy; label: string }> = [
  { value: 'allow', label: 'allow' },
  { value: 'ask', label: 'ask' },
  { value: 'deny', label: 'deny' },
];

const POLICY_TITLE: Record<ToolPolicy, string> = {
  allow: 'allow: the call runs at once',
  ask: 'ask: you confirm each call before it runs',
  deny: 'deny: the call never runs; the model is told it was refused',
};

/**
 * The policy of one tool: a select showing the effective policy, a marker saying where it comes
 * from (default or a trusted read-only hint), and a reset for an explicit choice.
 */
export function PolicySelect({
  policies,
  server,
  remoteName,
  publicName,
  annotations,
}: {
  policies: PolicyControls;
  server: string;
  remoteName: string;
  publicName: string;
  annotations: ToolAnnotations | undefined;
}) {
  const { policy, source } = policies.explainPolicy(server, remoteName, annotations);
  return (
    <span className={`registry-policy policy-${policy}`}>
      <select
        data-testid={`tool-policy-${publicName}`}
        aria-label={`Policy for ${publicName}`}
        title={POLICY_TITLE[policy]}
        value={policy}
        data-source={source}
        onChange={(event) => policies.setPolicy(server, remoteName, event.target.value as ToolPolicy)}
      >
        {POLICY_OPTIONS.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
      <PolicyMarker source={source} onReset={() => policies.setPolicy(server, remoteName, undefined)} publicName={publicName} />
    </span>
  );
}

function PolicyMarker({
  source,
  onReset,
  publicName,
}: {
  source: ReturnType<PolicyControls['explainPolicy']>['source'];
  onReset: () => void;
  publicName: string;
}) {
  switch (source) {
    case 'default':
      return (
        <span className="policy-source faint" title="No choice made yet: every tool starts at ask.">
          (default)
        </span>
      );
    case 'read-only-hint':
      return (
        <span className="policy-source faint" title="allow because you trust this server's readOnlyHint, and it marks this tool read-only.">
          (read-only hint)
        </span>
      );
    case 'changed':
      return (
        <span
          className="policy-source changed"
          data-testid={`policy-changed-${publicName}`}
          title="You allowed this tool, but its definition changed since: it asks again until you allow the new one."
        >
          (changed: asks again)
        </span>
      );
    case 'explicit':
      return (
        <button
          type="button"
          className="link-button policy-source"
          onClick={onReset}
          aria-label={`Reset policy for ${publicName} to the default`}
          title="Forget this choice; the default applies again."
        >
          reset
        </button>
      );
    default: {
      const unknown: never = source;
      return <span className="policy-source faint">{String(unknown)}</span>;
    }
  }
}
