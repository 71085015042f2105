/**
 * A session file opened read-only: its own traffic log and agent session, separate from the
 * live ones. The live stores are not touched (a turn or an MCP stream in flight keeps
 * recording, the persistence keeps saving them), and the imported stores have no network:
 * the session ignores send and retry, and its model fetch and tool calls reject besides,
 * so nothing can leave the page from them.
 */
import { memoryStorage } from '../../core/shared';
import { AgentSession, ReplayStore } from '../../core/agent';
import type { SessionFile } from '../../core/persistence';
import type { ReproMock } from '../../core/repro';
import { PolicyStore, ToolRegistry } from '../../core/tools';
import { TrafficLog } from '../../core/traffic';

/** An imported session, ready to show. */
export interface ImportedView {
  log: TrafficLog;
  session: AgentSession;
  /** The file's replays, shown only: a store without services starts none. */
  replays: ReplayStore;
  file: SessionFile;
  /** The file's name, as chosen by the person. */
  fileName: string;
  /** What could not be read from the file. */
  problems: string[];
  /** The mocks of a repro file's servers (absent for a session file): "Replay with mocks" serves them. */
  mocks?: ReproMock[];
  /** Set when the stores shown are a replay with mocks of the file's turns (not the file's own). */
  replayed?: boolean;
  /** Ends what the view runs (a replay's connections to the mocks); called when it is left. */
  dispose?(): void;
}

/** Error code of ReadOnlyError. */
type ReadOnlyErrorCode = 'read-only';

/** Thrown by the imported session's network stand-ins: a read-only view makes no requests. */
class ReadOnlyError extends Error {
  override readonly name = 'ReadOnlyError';
  readonly code: ReadOnlyErrorCode = 'read-only';

  constructor() {
    super('This is an imported session, shown read-only: it makes no requests.');
  }
}

/** An agent session that never runs a turn: sending and retrying do nothing. */
class ReadOnlySession extends AgentSession {
  /** Ignored: an imported session is read-only. */
  override async send(): Promise<void> {}

  /** Ignored: an imported session is read-only. */
  override async retry(): Promise<void> {}
}

/** Loads a parsed session file into fresh stores that cannot make requests. */
export function createImportedView(
  file: SessionFile,
  fileName: string,
  fileProblems: readonly string[],
  mocks?: ReproMock[],
): ImportedView {
  const log = new TrafficLog();
  log.load(file.traffic);
  const session = new ReadOnlySession({
    registry: new ToolRegistry(),
    policies: new PolicyStore({ storage: memoryStorage() }),
    callMcpTool: () => Promise.reject(new ReadOnlyError()),
    modelFetch: () => () => Promise.reject(new ReadOnlyError()),
  });
  const { problems } = session.importData(file.conversation);
  const replays = new ReplayStore();
  // The file's replays were already read at its boundary (parseSessionFile): only problems of the conversation are new here.
  if (file.replays !== undefined) replays.importData(file.replays);
  return {
    log,
    session,
    replays,
    file,
    fileName,
    problems: [...fileProblems, ...problems.map((problem) => `Conversation: ${problem}`)],
    ...(mocks ? { mocks } : {}),
  };
}
