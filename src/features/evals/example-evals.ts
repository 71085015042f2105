/** The eval file the Evals area starts with: one case for the everything server's get-sum, as in the README. */
export const EXAMPLE_EVALS_TEXT = `${JSON.stringify(
  {
    mcpServers: { everything: { url: 'http://127.0.0.1:3001/mcp' } },
    allowTools: ['everything/get-sum'],
    cases: [
      {
        name: 'adds',
        prompt: 'What is 2 plus 3?',
        expect: { calls: [{ tool: 'everything/get-sum', arguments: { a: 2, b: 3 } }], noCallsTo: ['everything/echo'], answerMatches: '5' },
      },
    ],
  },
  null,
  2,
)}\n`;
