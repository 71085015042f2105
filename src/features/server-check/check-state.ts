/**
 * The server checks of the page, one entry per server: the run under way, the last report, the
 * tools the person ticked to be called with their arguments, and when the report finished drawing.
 * Kept outside the components, one store per page's services, so a report outlives its panel
 * being closed (the person looks at the wire) and the next run can say what changed.
 */
import { runServerCheck, type CheckReport, type ChosenToolCall, type ConfigNeighbour } from '../../core/checks';
import type { Services } from '../../core/composition';
import { Listeners } from '../../core/shared';
import { perServices } from '../../core/per-services';

/** One server's check. */
interface ServerCheckState {
  running: boolean;
  report?: CheckReport | undefined;
  error?: string | undefined;
  /** When the last run's checks finished (`performance.now()`), to time the report's drawing. */
  finishedAt?: number | undefined;
  /** Tools ticked to be called during the next run, by name, with their arguments. */
  calls: Readonly<Record<string, Record<string, unknown>>>;
}

const EMPTY: ServerCheckState = { running: false, calls: {} };

/** The page's checks: a snapshot per server, `subscribe`, `run`. */
class ServerCheckStore {
  private state: Readonly<Record<string, ServerCheckState>> = {};
  private readonly listeners = new Listeners();
  private readonly controllers = new Map<string, AbortController>();

  subscribe = (listener: () => void): (() => void) => this.listeners.subscribe(listener);

  getSnapshot = (): Readonly<Record<string, ServerCheckState>> => this.state;

  /** One server's check (an empty one before its first run). */
  of(server: string): ServerCheckState {
    return this.state[server] ?? EMPTY;
  }

  private update(server: string, change: Partial<ServerCheckState>): void {
    this.state = { ...this.state, [server]: { ...this.of(server), ...change } };
    this.listeners.notify();
  }

  /** Ticks a tool (with its arguments) to be called by the next run, or unticks it (`undefined`). */
  setCall(server: string, tool: string, args: Record<string, unknown> | undefined): void {
    const calls = { ...this.of(server).calls };
    if (args === undefined) delete calls[tool];
    else calls[tool] = args;
    this.update(server, { calls });
  }

  /** Stops a server's run under way. */
  stop(server: string): void {
    this.controllers.get(server)?.abort();
  }

  /**
   * Checks a connected server through the page's fetch, recorded on the MCP wire (each probe
   * marked with the run's id), against its last report; only the ticked tools are called. A
   * server the person signed in to is checked through its connection's sign-in (same token, DPoP
   * proofs and refresh; never a sign-in window).
   */
  async run(services: Services, server: string): Promise<CheckReport | undefined> {
    if (this.controllers.has(server)) return undefined;
    const state = services.connections.getSnapshot().servers.find((entry) => entry.name === server);
    if (state?.url === undefined) {
      this.update(server, { error: `${server} has no URL to check (a server of a local process is checked through its bridge).` });
      return undefined;
    }
    const controller = new AbortController();
    this.controllers.set(server, controller);
    this.update(server, { running: true, error: undefined });
    const entry = services.config.getSnapshot().parsed.config?.servers.find((each) => each.name === server);
    const neighbours: ConfigNeighbour[] = services.connections
      .getSnapshot()
      .servers.filter((each) => each.name !== server && each.status === 'connected')
      .map((each) => ({ server: each.name, tools: each.tools }));
    const toolCalls: ChosenToolCall[] = Object.entries(this.of(server).calls).map(([name, args]) => ({ name, arguments: args }));
    const previous = this.of(server).report;
    const auth = services.connections.get(server)?.auth?.signedInMiddleware();
    try {
      // The token bill's counter (o200k_base, OpenAI's function rendering) for every format, as headless;
      // a failed load of its vocabulary falls back to the check's own estimate, which the report says.
      const counter = await import('../../core/tools/openai-counter').then(
        (module) => module.countOpenAIDefinition,
        () => undefined,
      );
      const report = await runServerCheck({
        server,
        url: state.url,
        headers: entry?.headers ?? {},
        fetch: services.baseFetch,
        ...(auth ? { auth } : {}),
        log: services.log,
        secrets: services.secrets,
        toolCalls,
        neighbours,
        ...(counter ? { countTokens: (_format: string, definition: Parameters<typeof counter>[0]) => counter(definition) } : {}),
        signal: controller.signal,
        ...(previous ? { previous } : {}),
      });
      this.update(server, { running: false, report, finishedAt: performance.now() });
      return report;
    } catch (error) {
      this.update(server, { running: false, error: error instanceof Error ? error.message : String(error) });
      return undefined;
    } finally {
      this.controllers.delete(server);
    }
  }
}

/** The check store of these services (made at first use). */
export const serverChecksOf = perServices(() => new ServerCheckStore());
