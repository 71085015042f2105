/**
 * The evals bench: the same turns run by the eval runner (fresh conversation per case,
 * targets one after the other) and sent one by one from the chat's own session (a new
 * conversation for each, as a person checking a case by hand would), against the scripted model
 * and the weather server. bench/run.mjs sets the model's script before each phase.
 */
import type { Services } from '../../src/core/composition';
import { runEvals, type EvalFile, type EvalTarget } from '../../src/core/evals';

/** The cities the weather server knows; case i asks about CITIES[i % CITIES.length]. */
const CITIES = [
  'Amsterdam',
  'Berlin',
  'Cairo',
  'Lisbon',
  'London',
  'Nairobi',
  'New York',
  'Paris',
  'Reykjavik',
  'Sydney',
  'Tokyo',
  'Toronto',
];

/** The city of case `index`. */
function evalsBenchCity(index: number): string {
  return CITIES[index % CITIES.length]!;
}

/** The targets: the scripted model in both formats. */
function targetsFor(modelUrl: string): EvalTarget[] {
  return [
    { format: 'anthropic', model: 'claude-test', baseUrl: modelUrl },
    { format: 'openai', model: 'gpt-test', baseUrl: `${modelUrl}/v1` },
  ];
}

/** The eval file: `cases` forecasts, each expecting one get_forecast call with its city. */
function fileFor(modelUrl: string, cases: number): EvalFile {
  return {
    targets: targetsFor(modelUrl),
    cases: Array.from({ length: cases }, (_, index) => ({
      name: `forecast ${index + 1}`,
      prompt: `What is the weather in ${evalsBenchCity(index)}?`,
      expect: { calls: [{ tool: 'weather/get_forecast', arguments: { city: evalsBenchCity(index) } }] },
      repeat: 1,
    })),
  };
}

/** The eval runner over the page's services (the file names no servers: the page's are used). */
export async function evalsRun(
  services: Services,
  modelUrl: string,
  cases: number,
): Promise<{ ms: number; passed: number; results: number }> {
  const start = performance.now();
  const report = await runEvals(fileFor(modelUrl, cases), {
    registry: services.registry,
    callMcpTool: (server, remoteName, args, options) => {
      const connection = services.connections.get(server);
      if (!connection) return Promise.reject(new Error(`no server ${server}`));
      return connection.callTool(remoteName, args, options);
    },
    log: services.log,
    secrets: services.secrets,
    fetch: services.baseFetch,
    apiKeyFor: () => 'test-key',
  });
  const ms = performance.now() - start;
  return { ms, passed: report.results.filter((result) => result.status === 'pass').length, results: report.results.length };
}

/** The same turns from the chat's session, one by one, each in a new conversation. */
export async function chatTurns(services: Services, modelUrl: string, cases: number): Promise<{ ms: number; toolCalls: number }> {
  services.policies.setPolicy('weather', 'get_forecast', 'allow');
  let toolCalls = 0;
  const start = performance.now();
  for (const target of targetsFor(modelUrl)) {
    services.session.setSettings({ provider: target.format, model: target.model, baseUrl: target.baseUrl ?? '', apiKey: 'test-key' });
    for (let index = 0; index < cases; index++) {
      services.session.newSession();
      await services.session.send(`What is the weather in ${evalsBenchCity(index)}?`);
      toolCalls += services.session.getSnapshot().items.filter((item) => item.kind === 'tool-call' && item.status === 'done').length;
    }
  }
  return { ms: performance.now() - start, toolCalls };
}
