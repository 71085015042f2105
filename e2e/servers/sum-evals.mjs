/**
 * The eval fixture that the browser test (e2e/evals.spec.ts), the CLI's test
 * (scripts/evals/evals-cli.test.ts) and the screenshot scenes share: three cases on the everything
 * server's `get-sum` and `echo` (one passes, one expects other arguments, one calls a tool the file
 * does not allow), and the scripted model's side of them.
 */

/** The three cases. */
export const SUM_CASES = {
  adds: {
    name: 'adds',
    prompt: 'What is 2 plus 3?',
    expect: {
      calls: [{ tool: 'everything/get-sum', arguments: { a: 2, b: { $type: 'number' } } }],
      noCallsTo: ['everything/echo'],
      answerMatches: '\\b5\\b',
    },
  },
  wrong: {
    name: 'wrong arguments',
    prompt: 'What is 2 plus 3?',
    expect: { calls: [{ tool: 'everything/get-sum', arguments: { a: 2, b: 3 } }] },
  },
  echo: { name: 'echo is not run', prompt: 'Echo hi', expect: { calls: [{ tool: 'everything/echo', arguments: { message: 'hi' } }] } },
};

/** The model's side of the three cases, once per target. @type {import('./model-server.mjs').ScriptStep[]} */
export const SUM_SCRIPT = [
  { toolCalls: [{ name: 'everything_get-sum', input: { a: 2, b: 3 } }] },
  { text: 'The sum is 5.' },
  { toolCalls: [{ name: 'everything_get-sum', input: { a: 2, b: 4 } }] },
  { text: 'It is 6.' },
  { toolCalls: [{ name: 'everything_echo', input: { message: 'hi' } }] },
  { echoToolResults: true },
];

/**
 * The three cases on two targets (Anthropic and OpenAI formats on the scripted model server at
 * `modelUrl`), with the everything server at `everythingUrl` and only its get-sum allowed.
 * @param {string} everythingUrl
 * @param {string} modelUrl
 */
export function sumEvalFile(everythingUrl, modelUrl) {
  return {
    mcpServers: { everything: { url: everythingUrl } },
    allowTools: ['everything/get-sum'],
    targets: [
      { format: 'anthropic', model: 'claude-test', baseUrl: modelUrl },
      { format: 'openai', model: 'gpt-test', baseUrl: `${modelUrl}/v1` },
    ],
    cases: [SUM_CASES.adds, SUM_CASES.wrong, SUM_CASES.echo],
  };
}
