import { describe, expect, it } from 'vitest';
import { parseEvalFile } from './eval-validators';

const lines = (...text: string[]): string => text.join('\n');

/** Problems as [code, line, column, marked text]. */
async function located(text: string) {
  const result = await parseEvalFile(text);
  return {
    result,
    rows: result.problems.map((problem) => [
      problem.code,
      problem.line,
      problem.column,
      text.slice(problem.offset, problem.offset + problem.length),
    ]),
  };
}

const GOOD = lines(
  '{ "mcpServers": { "everything": { "url": "http://127.0.0.1:3001/mcp" } },',
  '  "allowTools": ["everything/get-sum"],',
  '  "targets": [ { "format": "anthropic", "model": "claude-sonnet-4-5" }, { "format": "openai", "model": "gpt-5-mini", "baseUrl": "http://127.0.0.1:9/v1" } ],',
  '  "cases": [ { "name": "adds", "prompt": "What is 2 plus 3?", "repeat": 3,',
  '               "expect": { "calls": [ { "tool": "everything/get-sum", "arguments": { "a": 2, "b": { "$type": "number" } } } ],',
  '                           "noCallsTo": ["everything/echo"], "answerMatches": "5" } } ] }',
);

describe('readEvalFile', () => {
  it("reads the issue's example into servers, targets and cases", async () => {
    const { result } = await located(GOOD);
    expect(result.problems.filter((problem) => problem.severity === 'error')).toEqual([]);
    expect(result.file?.servers?.map((server) => [server.name, server.url])).toEqual([['everything', 'http://127.0.0.1:3001/mcp']]);
    expect(result.file?.targets).toEqual([
      { format: 'anthropic', model: 'claude-sonnet-4-5' },
      { format: 'openai', model: 'gpt-5-mini', baseUrl: 'http://127.0.0.1:9/v1' },
    ]);
    expect(result.file?.cases[0]).toMatchObject({
      name: 'adds',
      repeat: 3,
      expect: { noCallsTo: ['everything/echo'], answerMatches: '5' },
    });
    expect(result.file?.allowTools).toEqual(['everything/get-sum']);
  });

  it("leaves the servers out when the file names none (the page's config is used)", async () => {
    const { result } = await located('{"cases": [{"name": "a", "prompt": "p", "expect": {}}]}');
    expect(result.file?.servers).toBeUndefined();
    expect(result.file?.cases[0]?.repeat).toBe(1);
  });

  it('puts a syntax error at its line and column', async () => {
    const { result, rows } = await located(lines('{', '  "cases": [', '    { "name": "a" "prompt": "p", "expect": {} }', '  ]', '}'));
    expect(result.file).toBeNull();
    expect(rows[0]).toEqual(['json-comma-expected', 3, 19, '"prompt"']);
  });

  it('puts schema errors at the value or key they are about', async () => {
    const text = lines(
      '{',
      '  "targets": [ { "format": "gemini", "model": "x" } ],',
      '  "cases": [',
      '    { "name": "a", "prompt": "p", "expect": { "calls": [ { "tool": "get-sum" } ], "answerMatch": "5" } },',
      '    { "name": "b", "prompt": "p", "repeat": 0, "expect": {} }',
      '  ]',
      '}',
    );
    const { result, rows } = await located(text);
    expect(result.file).toBeNull();
    expect(rows).toEqual([
      ['schema', 2, 28, '"gemini"'],
      ['schema', 4, 68, '"get-sum"'],
      ['schema', 4, 83, '"answerMatch"'],
      ['schema', 5, 45, '0'],
    ]);
    expect(result.problems[0]?.message).toBe(
      'Line 2, column 28: "targets.0.format" must be one of "anthropic", "openai", "openai-responses", "demo"',
    );
    expect(result.problems[1]?.reason).toBe('"cases.0.expect.calls.0.tool" must name a tool as "server/tool"');
    expect(result.problems[2]?.reason).toBe(
      '"cases.0.expect" has no setting "answerMatch" (it takes calls, anyOrder, noCallsTo, answerMatches)',
    );
  });

  it('reports a missing field and a duplicate case name', async () => {
    const text = lines('{ "cases": [', '  { "name": "a", "prompt": "p" },', '  { "name": "a", "prompt": "p", "expect": {} }', '] }');
    const { rows, result } = await located(text);
    expect(rows).toEqual([
      ['schema', 2, 3, '{'],
      ['duplicate-key', 3, 13, '"a"'],
    ]);
    expect(result.problems[0]?.reason).toBe('"cases.0" needs "expect"');
  });

  it('reads the servers with the mcp.json reader, problems at their place in the eval file', async () => {
    const text = lines('{', '  "cases": [],', '  "mcpServers": {', '    "broken": { "url": "ftp://example.com/mcp" }', '  }', '}');
    const { rows } = await located(text);
    expect(rows.find((row) => row[0] === 'bad-url')?.slice(1)).toEqual([4, 24, '"ftp://example.com/mcp"']);
  });
});
