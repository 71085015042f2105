/**
 * The diagnosis of a server whose local process exited: the bridge's child is gone, so what the
 * wire saw (a stream cut, a session the bridge forgot) is a consequence, not the cause, and
 * calling again cannot help; a fresh process (Restart) can.
 */
import type { Diagnosis } from '../mcp';
import type { BridgeServerInfo } from './bridge-client';

/** Longest stderr line quoted in a detail. */
const LINE_CHARS = 200;

/** How the process ended, for a sentence: "exited with code 3", "exited on SIGKILL". */
export function describeExit(info: Pick<BridgeServerInfo, 'exitCode' | 'signal'>): string {
  if (info.signal !== null) return `exited on ${info.signal}`;
  if (info.exitCode !== null) return `exited with code ${info.exitCode}`;
  return 'exited';
}

/**
 * The card's diagnosis for a server whose bridge child exited (`info.status` is `exited`): its
 * code or signal, its last stderr line, and Restart. `cause`, when the exit failed a request, is
 * what the wire saw (named, not repeated: its advice assumed a live server).
 */
export function explainProcessExit(info: BridgeServerInfo, cause?: Diagnosis): Diagnosis {
  const last = info.stderrTail.at(-1)?.trim();
  const quoted = last
    ? `Its last stderr line: "${last.length > LINE_CHARS ? `${last.slice(0, LINE_CHARS)}…` : last}".`
    : 'It wrote nothing to stderr.';
  const seen = cause
    ? ` What the page saw follows from that: ${cause.title.charAt(0).toLowerCase()}${cause.title.slice(1).replace(/\.$/, '')}.`
    : '';
  return {
    code: 'process-exited',
    title: `The local process of "${info.name}" ${describeExit(info)}`,
    detail: `glassbox-bridge started it and reports that it ended.${seen} ${quoted} Nothing answers this server until its process runs again: Restart starts a fresh one (its stderr shows under the card and in the Logs tab).`,
  };
}
