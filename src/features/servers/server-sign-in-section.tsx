import { useState } from 'react';
import type { ConnectionManager, ServerState } from '../../core/mcp';
import './sign-in.css';

/** hh:mm of an epoch-ms time, in the person's time zone. */
function hourMinute(at: number): string {
  return new Date(at).toLocaleTimeString([], { hour: '2-digit', minute: '2-digit' });
}

/**
 * The sign-in part of a server card: "Sign in" when the server needs it (and "Cancel" while the
 * window is open), the failure with its fix ("Continue in this tab" when the popup was blocked), who is signed in with which scopes until when,
 * "Sign out", "Remember on this device", and the way to the step-by-step auth debugger.
 * Nothing here shows a token: the state holds none.
 */
export function ServerSignInSection({
  server,
  manager,
  onShowSteps,
}: {
  server: ServerState;
  manager: ConnectionManager;
  onShowSteps?: (server: string) => void;
}) {
  const auth = server.auth;
  const connection = manager.get(server.name);
  const [remember, setRemember] = useState(() => connection?.auth?.remember?.get() ?? false);
  if (auth === undefined || connection === undefined) return null;
  const needed = server.status === 'needs-sign-in';
  if (!needed && !auth.signedIn && !auth.error) return null;
  const { name } = server;
  return (
    <div className="sign-in-box" data-testid={`server-auth-${name}`} data-signed-in={auth.signedIn ? 'true' : 'false'}>
      {auth.signedIn ? (
        <div data-testid={`server-signed-in-${name}`}>
          Signed in
          {auth.account ? (
            <>
              {' '}
              as <strong>{auth.account}</strong>
            </>
          ) : null}
          {auth.issuer && <span className="muted"> at {auth.issuer}</span>}
          {auth.scope && (
            <div>
              Scopes:{' '}
              <span className="mono" data-testid={`server-scopes-${name}`}>
                {auth.scope}
              </span>
            </div>
          )}
          {auth.expiresAt !== undefined && (
            <div className="muted">Access token expires at {hourMinute(auth.expiresAt)} (refreshed by itself)</div>
          )}
        </div>
      ) : (
        needed && (
          <div>This server asks you to sign in (OAuth). A window of its authorization server opens; Glassbox never sees your password.</div>
        )
      )}
      {auth.error && (
        <div className="error-box" role="alert" data-testid={`server-signin-error-${name}`} data-code={auth.error.code}>
          <strong>{auth.error.message}</strong>
          <div>{auth.error.fix}</div>
          {auth.error.code === 'popup-blocked' && connection.auth?.canContinueHere && (
            <button
              type="button"
              className="small-button primary"
              data-testid={`server-signin-here-${name}`}
              onClick={() => void connection.auth?.signInHere()}
            >
              Continue in this tab
            </button>
          )}
        </div>
      )}
      <div className="sign-in-actions">
        {auth.busy && !auth.signedIn ? (
          <>
            <span className="muted">Waiting for the sign-in window…</span>
            <button
              type="button"
              className="small-button"
              data-testid={`server-signin-cancel-${name}`}
              onClick={() => connection.auth?.cancel()}
            >
              Cancel
            </button>
          </>
        ) : auth.signedIn ? (
          <button
            type="button"
            className="small-button"
            data-testid={`server-signout-${name}`}
            disabled={auth.busy}
            onClick={() => void connection.signOut()}
          >
            Sign out
          </button>
        ) : (
          <button
            type="button"
            className="small-button primary"
            data-testid={`server-signin-${name}`}
            onClick={() => void connection.signIn()}
          >
            Sign in
          </button>
        )}
        {onShowSteps && (
          <button type="button" className="link-button small" data-testid={`server-auth-steps-${name}`} onClick={() => onShowSteps(name)}>
            Sign-in steps
          </button>
        )}
      </div>
      {connection.auth?.remember && (
        <label className="muted">
          <input
            type="checkbox"
            data-testid={`server-remember-${name}`}
            checked={remember}
            onChange={(event) => {
              const on = event.target.checked;
              setRemember(on);
              void connection.auth?.remember?.set(on);
            }}
          />{' '}
          Remember sign-ins on this device (encrypted; otherwise forgotten when the tab closes)
        </label>
      )}
    </div>
  );
}
