import { useId, useSyncExternalStore } from 'react';
import type { AuthExchange, AuthStep, AuthStepKind, AuthTrace } from '../../core/auth';
import type { ConnectionManager } from '../../core/mcp';
import { useStore } from '../../ui/use-store';
import './auth.css';

/** What each step is, in the words of the spec it follows. */
const STEP_TITLES: Record<AuthStepKind, string> = {
  'resource-metadata': 'Protected-resource metadata (RFC 9728)',
  'as-metadata': 'Authorization-server metadata (RFC 8414 / OpenID discovery)',
  migration: 'Authorization server changed (SEP-2352): old tokens and client dropped',
  registration: 'Client (configured id, client metadata document, or dynamic registration)',
  authorize: 'Authorization in a window (PKCE S256, state, resource)',
  token: 'Token exchange',
  refresh: 'Token refresh',
  revoke: 'Revocation (sign-out)',
  'dpop-proofs': 'DPoP proofs on MCP requests (RFC 9449)',
};

/** The steps of a trace, kept current. */
function useSteps(trace: AuthTrace | undefined): readonly AuthStep[] {
  return useSyncExternalStore(
    (listener) => trace?.subscribe(listener) ?? (() => undefined),
    () => trace?.steps() ?? NO_STEPS,
  );
}
const NO_STEPS: readonly AuthStep[] = [];

/** A DPoP proof's header and claims, as sent (no token in it: `ath` is the token's hash). */
function ProofView({ proof }: { proof: NonNullable<AuthExchange['dpop']> }) {
  return (
    <div className="auth-proof" data-testid="dpop-proof">
      <div>
        DPoP proof header: <code data-testid="dpop-proof-header">{JSON.stringify(proof.header)}</code>
      </div>
      <div>
        claims: <code data-testid="dpop-proof-claims">{JSON.stringify(proof.claims)}</code>
      </div>
    </div>
  );
}

/** One HTTP exchange (or the authorization window's navigation) of a step: secrets were redacted when it was recorded. */
function ExchangeLine({ exchange }: { exchange: AuthExchange }) {
  return (
    <li className="mono">
      {exchange.method} {exchange.url}
      {exchange.status !== undefined && <> → {exchange.status}</>}
      {exchange.failure && <span className="auth-failure"> → no response ({exchange.failure.message})</span>}
      {exchange.method !== 'NAVIGATE' && exchange.status !== undefined && (
        <span className="muted"> · Access-Control-Allow-Origin: {exchange.allowOrigin ?? '(none)'}</span>
      )}
      {exchange.dpop && <ProofView proof={exchange.dpop} />}
    </li>
  );
}

/** One step: what it asked, what was checked, and on failure what went wrong and the fix. */
function StepRow({ step }: { step: AuthStep }) {
  return (
    <li className={`auth-step status-${step.status}`} data-testid="auth-step" data-step={step.step} data-status={step.status}>
      <div className="auth-step-head">
        <strong>{STEP_TITLES[step.step]}</strong>{' '}
        <span className={`badge ${step.status === 'ok' ? 'ok' : step.status === 'failed' ? 'err' : ''}`}>{step.status}</span>
      </div>
      {step.exchanges.length > 0 && (
        <ul className="auth-exchanges">
          {step.exchanges.map((exchange, index) => (
            <ExchangeLine key={index} exchange={exchange} />
          ))}
        </ul>
      )}
      {step.checks.length > 0 && (
        <ul className="auth-checks" aria-label="Checked">
          {step.checks.map((check) => (
            <li key={check}>✓ {check}</li>
          ))}
        </ul>
      )}
      {step.note && <div className="muted">{step.note}</div>}
      {step.error && (
        <div className="error-box" data-testid="auth-step-error" data-code={step.error.code}>
          <strong>{step.error.message}</strong>
          {step.fix && <div data-testid="auth-step-fix">Fix: {step.fix}</div>}
        </div>
      )}
    </li>
  );
}

/**
 * The auth debugger: every step of a server's sign-ins (newest last), each HTTP exchange with
 * what was checked, what failed and the fix. A non-modal panel, so the sign-in it explains can
 * run beside it.
 */
export function AuthDebugger({
  manager,
  server,
  onSelectServer,
  onClose,
}: {
  manager: ConnectionManager;
  server: string;
  onSelectServer(server: string): void;
  onClose(): void;
}) {
  const { servers } = useStore(manager);
  const titleId = useId();
  const steps = useSteps(manager.get(server)?.auth?.trace);
  const withAuth = servers.filter((each) => each.auth !== undefined);
  return (
    <section className="auth-debugger" role="dialog" aria-labelledby={titleId} data-testid="auth-debugger">
      <header className="auth-debugger-head">
        <h2 id={titleId}>Sign-in steps</h2>
        <select aria-label="Server" value={server} onChange={(event) => onSelectServer(event.target.value)}>
          {withAuth.map((each) => (
            <option key={each.name} value={each.name}>
              {each.name}
            </option>
          ))}
        </select>
        <span className="spacer" />
        <button type="button" className="small-button" onClick={onClose} data-testid="auth-debugger-close">
          Close
        </button>
      </header>
      {steps.length === 0 ? (
        <p className="muted">No sign-in yet for {server}. Press “Sign in” on its card: each step appears here as it runs.</p>
      ) : (
        <ol className="auth-steps">
          {steps.map((step) => (
            <StepRow key={step.id} step={step} />
          ))}
        </ol>
      )}
    </section>
  );
}
