/**
 * A capability host over one real SDK client, for the capability tests: each request is a call in
 * a CallRegistry (as the connection runs it), so which JSON-RPC requests a call sent can be checked.
 */
import { Client, StreamableHTTPClientTransport } from '@modelcontextprotocol/client';
import type { ClientOptions } from '@modelcontextprotocol/client';
import { CallRegistry } from '../../call-registry';
import type { CapabilityHost, CapabilityLoad } from '../capability';

/** A host, the client it runs on (once connected), and what it was told. */
export interface TestHost {
  host: CapabilityHost;
  calls: CallRegistry;
  client(): Client;
  /** What the capability reported through `loaded`, in order. */
  loaded: Array<[string, CapabilityLoad]>;
  warnings: string[];
  /** Connects a new client to `url` with these options (a capability's clientOptions merged in). */
  connect(url: string, options?: Partial<ClientOptions>): Promise<Client>;
  close(): Promise<void>;
}

/** The host members of a test connection nothing answers the server's requests on. */
export const NO_INPUT: Pick<CapabilityHost, 'server' | 'toolCallInFlight' | 'answerInput'> = {
  server: 'test',
  toolCallInFlight: () => undefined,
  answerInput: (_key, request) => Promise.reject(new Error(`nothing answers ${request.method} here`)),
};

/** A new test host (connect it before use). */
export function createTestHost(): TestHost {
  const calls = new CallRegistry();
  let current: Client | undefined;
  const loaded: Array<[string, CapabilityLoad]> = [];
  const warnings: string[] = [];
  const client = () => {
    if (!current) throw new Error('connect the test host first');
    return current;
  };
  const host: CapabilityHost = {
    ...NO_INPUT,
    request: async (spec, run) => {
      const call = calls.begin({ ...spec, ...(spec.toolCallId ? { context: { toolCallId: spec.toolCallId } } : {}) });
      try {
        return await run(client(), call);
      } finally {
        calls.end(call);
      }
    },
    loaded: (name, load) => void loaded.push([name, load]),
    warn: (warning) => void warnings.push(warning),
    timeoutMs: () => 5000,
  };
  return {
    host,
    calls,
    client,
    loaded,
    warnings,
    async connect(url, options = {}) {
      current = new Client({ name: 'test', version: '1' }, { capabilities: {}, versionNegotiation: { mode: 'auto' }, ...options });
      const transport = new StreamableHTTPClientTransport(new URL(url));
      calls.watch(transport);
      await current.connect(transport);
      return current;
    },
    close: async () => current?.close(),
  };
}

/** The methods of the JSON-RPC requests the registry saw (ids 0…99, oldest first). */
export function sentMethods(calls: CallRegistry): string[] {
  return [...Array(100).keys()].flatMap((id) => {
    const call = calls.of(id);
    const request = call?.requests.find((r) => r.id === id);
    return request ? [request.method] : [];
  });
}
