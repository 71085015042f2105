/**
 * The mocks a repro carries: one per MCP server of the recording, made by core/mock from the
 * traffic log (the one source: nothing is collected a second time).
 */
import { listRecordedServers, mockFromRecording, type McpMock } from '../mock';
import type { TrafficLogData, TrafficSnapshot } from '../traffic/traffic-log';

/** A server of the recording that could not be mocked, and why. */
interface UnmockedServer {
  server: string;
  reason: string;
}

/**
 * The mocks of every MCP server the traffic talked to; `secrets` are the session's known secret
 * values (replaced wherever they appear). A server that cannot be mocked (it never connected) is
 * listed with the reason.
 */
export function reproMocksOf(
  traffic: TrafficSnapshot | TrafficLogData,
  secrets: readonly string[] = [],
): { mocks: McpMock[]; unmocked: UnmockedServer[] } {
  const mocks: McpMock[] = [];
  const unmocked: UnmockedServer[] = [];
  for (const { name } of listRecordedServers(traffic)) {
    try {
      mocks.push(mockFromRecording(traffic, { server: name, secrets }));
    } catch (error) {
      unmocked.push({ server: name, reason: error instanceof Error ? error.message : String(error) });
    }
  }
  return { mocks, unmocked };
}
