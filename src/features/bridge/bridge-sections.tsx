import { useLayoutEffect, useRef, useState } from 'react';
import { describeExit } from '../../core/bridge';
import type { BridgeServerInfo, BridgeStore } from '../../core/bridge';
import type { ServerState } from '../../core/mcp';
import { displayCommandLine } from '../../core/secrets';
import { useStore } from '../../ui/use-store';
import './bridge.css';

/** The bridge server a card's server connects through, if it does. */
function bridgeServerOf(server: ServerState, url: string | undefined, servers: readonly BridgeServerInfo[]): BridgeServerInfo | undefined {
  if (url === undefined || server.url === undefined || !server.url.startsWith(`${url}/servers/`)) return undefined;
  return servers.find((each) => each.name === server.name);
}

/** One line saying what the child process is doing. */
function processLine(info: BridgeServerInfo): string {
  switch (info.status) {
    case 'idle':
      return 'not started (it starts on the first connection)';
    case 'starting':
      return 'starting…';
    case 'running':
      return `running, pid ${info.pid ?? '?'}`;
    case 'exited':
      return describeExit(info);
    default: {
      const unreachable: never = info.status;
      return unreachable;
    }
  }
}

/**
 * On the card of a server reached through the bridge: that it is a local process, its command line
 * (read-only, obvious secrets hidden), the process's state, its last stderr lines once it exited,
 * the bridge's problem when it does not answer, and Restart. Renders nothing for other servers.
 */
export function BridgeProcessSection({ server, bridge }: { server: ServerState; bridge: BridgeStore }) {
  const snapshot = useStore(bridge);
  const [restarting, setRestarting] = useState(false);
  const [restartError, setRestartError] = useState<string>();
  const info = bridgeServerOf(server, snapshot.url, snapshot.servers);
  if (info === undefined) return null;
  const restart = async () => {
    setRestarting(true);
    setRestartError(undefined);
    try {
      await bridge.restart(server.name);
    } catch (error) {
      setRestartError(error instanceof Error ? error.message : String(error));
    } finally {
      setRestarting(false);
    }
  };
  return (
    <div className="bridge-process" data-testid={`bridge-process-${server.name}`} data-status={info.status}>
      <div className="bridge-process-line">
        <span
          className="badge"
          title={`Started by glassbox-bridge at ${snapshot.url ?? ''} from the file it was given; the page cannot change what it runs.`}
        >
          local process via bridge
        </span>
        <span data-testid={`bridge-process-state-${server.name}`} className={info.status === 'exited' ? 'err' : 'muted'}>
          {/* While the bridge does not answer, its last word on the process may be out of date. */}
          {snapshot.status === 'down' ? `last reported: ${processLine(info)}` : processLine(info)}
        </span>
        <span className="spacer" />
        <button
          type="button"
          className="small-button"
          data-testid={`server-restart-${server.name}`}
          disabled={restarting || snapshot.status !== 'up'}
          onClick={() => void restart()}
          aria-label={`Restart ${server.name}'s process`}
        >
          {restarting ? 'Restarting…' : 'Restart'}
        </button>
      </div>
      <pre className="bridge-command" data-testid={`bridge-command-${server.name}`} aria-label="Command (read-only)">
        {displayCommandLine(info.command, info.args)}
      </pre>
      {info.status === 'exited' && info.stderrTail.length > 0 && <StderrTail name={server.name} lines={info.stderrTail} />}
      {snapshot.status === 'down' && snapshot.problem && (
        // The notice above the cards says it in full (and announces it); each card names it, the rest a click away.
        <details className="warn-box bridge-card-problem" data-testid={`bridge-problem-${server.name}`} data-code={snapshot.problem.code}>
          <summary>
            <strong>{snapshot.problem.title}</strong>
          </summary>
          <div>{snapshot.problem.detail}</div>
        </details>
      )}
      {restartError && (
        <div className="error-box" data-testid={`bridge-restart-error-${server.name}`}>
          {restartError}
        </div>
      )}
    </div>
  );
}

/**
 * The last stderr lines of a child that exited, in a box scrolled to its end: the last line is
 * usually the one that says why (a traceback ends with its error).
 */
function StderrTail({ name, lines }: { name: string; lines: readonly string[] }) {
  const box = useRef<HTMLPreElement>(null);
  const text = lines.join('\n');
  useLayoutEffect(() => {
    if (box.current) box.current.scrollTop = box.current.scrollHeight;
  }, [text]);
  return (
    <details open className="bridge-stderr">
      <summary>{lines.length === 1 ? 'Its last stderr line' : `Its last ${lines.length} stderr lines`}</summary>
      {/* Focusable: a box that scrolls can be scrolled from the keyboard. */}
      <pre
        ref={box}
        className="bridge-stderr-tail"
        data-testid={`bridge-stderr-tail-${name}`}
        tabIndex={0}
        aria-label={`Last stderr lines of ${name}`}
      >
        {text}
      </pre>
    </details>
  );
}

/** Above the cards: which bridge is paired and whether it answers, a refused pair link, and the file's entries the bridge does not serve. */
export function BridgeStatusNotice({ bridge }: { bridge: BridgeStore }) {
  const snapshot = useStore(bridge);
  if (snapshot.status === 'unpaired' && snapshot.pairError === undefined) return null;
  return (
    <div className="bridge-status" data-testid="bridge-status" data-status={snapshot.status}>
      {snapshot.pairError !== undefined && (
        <div className="error-box" data-testid="bridge-pair-error" role="alert">
          {snapshot.pairError}
        </div>
      )}
      {snapshot.url !== undefined && (
        <div className="muted">
          Paired with glassbox-bridge at <span className="mono">{snapshot.url}</span>:{' '}
          {snapshot.status === 'up'
            ? `${snapshot.servers.length} local server${snapshot.servers.length === 1 ? '' : 's'}`
            : snapshot.status === 'connecting'
              ? 'connecting…'
              : 'not answering'}
          {snapshot.skipped.length > 0 && ` · not served (not stdio): ${snapshot.skipped.map((entry) => entry.name).join(', ')}`}
        </div>
      )}
      {snapshot.url !== undefined && snapshot.remember !== undefined && (
        <label
          className="bridge-remember"
          title="Off: the bridge's token stays in this tab's memory, and a reload needs the pair link again. On: it is kept encrypted on this device, as remembered sign-ins are."
        >
          <input
            type="checkbox"
            data-testid="bridge-remember"
            checked={snapshot.remember}
            onChange={(event) => void bridge.setRemember(event.target.checked)}
          />{' '}
          Remember this pairing on this device (encrypted)
        </label>
      )}
      {snapshot.status === 'down' && snapshot.problem && (
        <div className="warn-box" data-testid="bridge-problem" data-code={snapshot.problem.code} role="alert">
          <strong>{snapshot.problem.title}</strong>
          <div>{snapshot.problem.detail}</div>
        </div>
      )}
    </div>
  );
}
