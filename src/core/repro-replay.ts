/**
 * "Replay with mocks": the turns of a repro run again in services of their own, built like the
 * page's (createServices), with nothing able to leave the page — the MCP wire reaches only the
 * mocks of the repro's servers (at their `*.mock.invalid` addresses: the page's Service Worker
 * serves them, or, by default, they answer in this thread), and the model wire is answered by the
 * recording itself (core/repro recorded-model). Each recorded user message is sent again, tool
 * calls are approved or denied as they were, and the replayed model request bodies are compared
 * with the recorded ones, byte for byte.
 */
import { createServices, type Services } from './composition';
import { mockLabelOfUrl, mockUrl } from './config';
import { createMockHttpHandler, parseMock, type McpMock } from './mock';
import type { SessionFile } from './persistence';
import { compareModelRequests, conversationModelExchanges, recordedModelFetch, type ModelRequestComparison, type ReproMock } from './repro';
import type { ToolCallItem } from './agent';
import type { CallToolResultLike } from './tools';

/** The placeholder key of a replay: the recorded one is not in the file, and the recording answers anyway. */
const REPLAY_API_KEY = 'repro-replay-no-key';

/** What replayWithMocks needs. */
export interface ReproReplayOptions {
  session: SessionFile;
  mocks: readonly ReproMock[];
  /**
   * The fetch MCP requests go through once they are known to be for a mock. In the page: the
   * browser's (the Service Worker answers `*.mock.invalid`). Default: the mocks answer in this thread.
   */
  mcpFetch?: typeof fetch;
}

/** A replay under way: its services (to show while it runs) and its outcome. */
export interface ReproReplay {
  services: Services;
  /** Settles when every turn has run again. */
  done: Promise<ReproReplayResult>;
}

/** How a replay went: the comparison of the model requests, and what could not be used. */
interface ReproReplayResult {
  comparison: ModelRequestComparison;
  problems: string[];
}

/** The mocks of the file that can be read, with a problem for each that cannot. */
export function readReproMocks(raw: readonly ReproMock[]): { mocks: McpMock[]; problems: string[] } {
  const mocks: McpMock[] = [];
  const problems: string[] = [];
  raw.forEach((value, index) => {
    try {
      mocks.push(parseMock(JSON.stringify(value)));
    } catch (error) {
      problems.push(`Mock ${index + 1}: ${error instanceof Error ? error.message : String(error)}`);
    }
  });
  return { mocks, problems };
}

/** The config of the replay: each mocked server under its recorded name, at its mock's address. */
function mockConfigText(mocks: readonly McpMock[]): string {
  const servers = Object.fromEntries(mocks.map((mock) => [mock.server.entry, { url: mockUrl(mock.server.entry) }]));
  return `${JSON.stringify({ mcpServers: servers }, null, 2)}\n`;
}

/** A fetch in which the mocks answer at their addresses (no Service Worker: Node, tests). */
export function inThreadMockFetch(mocks: readonly McpMock[]): typeof fetch {
  const handlers = new Map(mocks.map((mock) => [new URL(mockUrl(mock.server.entry)).hostname, createMockHttpHandler(mock)]));
  return (input, init) => {
    const request = new Request(input, init);
    const handler = handlers.get(new URL(request.url).hostname);
    if (handler === undefined) return Promise.reject(new TypeError(`No mock answers ${request.url}.`));
    return handler.fetch(request);
  };
}

/** Lets through only requests to a mock's address: a replay with mocks never reaches a real host. */
function onlyMocks(inner: typeof fetch): typeof fetch {
  return (input, init) => {
    const url = input instanceof Request ? input.url : String(input);
    if (mockLabelOfUrl(url) === undefined)
      return Promise.reject(new TypeError(`A replay with mocks sends nothing but to its mocks; ${url} was not requested.`));
    return inner(input, init);
  };
}

/** Starts running the repro's turns again against its mocks (see the file comment). */
export function replayWithMocks(options: ReproReplayOptions): ReproReplay {
  const { mocks, problems } = readReproMocks(options.mocks);
  const recordedExchanges = conversationModelExchanges(options.session.traffic.exchanges);
  const services = createServices({
    baseFetch: onlyMocks(options.mcpFetch ?? inThreadMockFetch(mocks)),
    modelFetch: recordedModelFetch(recordedExchanges),
  });
  const done = (async (): Promise<ReproReplayResult> => {
    services.config.setText(mockConfigText(mocks));
    await services.applyConfig();
    for (const server of services.connections.getSnapshot().servers)
      if (server.status !== 'connected') problems.push(`The mock of "${server.name}" did not connect (${server.status}).`);
    await runTurns(services, options.session);
    const snapshot = services.log.getSnapshot();
    const replayed = conversationModelExchanges(snapshot.exchanges.slice(0, snapshot.exchangeCount));
    return { comparison: compareModelRequests(recordedExchanges, replayed), problems };
  })();
  return { services, done };
}

/** Sends each recorded user message again, deciding each tool call as it was decided. */
async function runTurns(services: Services, session: SessionFile): Promise<void> {
  const { settings, items } = session.conversation;
  services.session.setSettings({ ...settings, apiKey: REPLAY_API_KEY });
  // The model's call ids come from the recording, so each replayed call finds its recorded decision.
  const recordedCalls = new Map(
    items.filter((item): item is ToolCallItem => item.kind === 'tool-call').map((item) => [item.id, item] as const),
  );
  // A local tool (in the page, no server) answers as recorded too.
  services.registry.answerLocalCalls((_args, context) => {
    const recorded = context.toolCallId === undefined ? undefined : recordedCalls.get(context.toolCallId);
    if (recorded?.mcpResult !== undefined) return Promise.resolve(recorded.mcpResult as CallToolResultLike);
    return Promise.resolve({
      content: [{ type: 'text', text: `The recording has no result of this local tool call (${context.toolCallId ?? 'no id'}).` }],
      isError: true,
    });
  });
  const unsubscribe = services.session.subscribe(() => {
    for (const item of services.session.getSnapshot().items) {
      if (item.kind !== 'tool-call' || item.status !== 'awaiting-approval') continue;
      const decision = recordedCalls.get(item.id)?.decision;
      if (decision === 'denied' || decision === 'denied-by-policy') services.session.deny(item.id);
      else services.session.approve(item.id, 'once');
    }
  });
  try {
    for (const item of items) if (item.kind === 'user' && item.from === undefined) await services.session.send(item.text);
  } finally {
    unsubscribe();
  }
}
