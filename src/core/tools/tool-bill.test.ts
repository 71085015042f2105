import { describe, expect, it } from 'vitest';
import { ToolRegistry } from './tool-registry';
import { billTools, sortBillRows, toolBillCsv, type ToolBillRow } from './tool-bill';

function registry(): ToolRegistry {
  const tools = new ToolRegistry();
  tools.setServerTools('weather', [
    {
      name: 'get_forecast',
      description: 'Daily forecast, "with quotes", for a city.',
      inputSchema: { type: 'object', properties: { city: { type: 'string' } } },
    },
    { name: 'get_radar', inputSchema: { type: 'object' } },
  ]);
  return tools;
}

const row = (tool: string, tokens: number, offered = true): ToolBillRow => ({ tool, server: 's', remoteName: tool, tokens, offered });

describe('the token bill of the tool registry', () => {
  it('bills every registered tool with its server, and the total is the sum', () => {
    const tools = registry();
    const bill = billTools(tools.list(), tools.definitionsFor('openai'), (definition) => JSON.stringify(definition).length);
    expect(bill.rows.map((row) => [row.server, row.remoteName, row.tokens > 0, row.offered])).toEqual([
      ['weather', 'get_forecast', true, true],
      ['weather', 'get_radar', true, true],
    ]);
    expect(bill.total).toBe(bill.rows[0]!.tokens + bill.rows[1]!.tokens);
  });

  it('lists a tool switched off but leaves it out of the total', () => {
    const tools = registry();
    const bill = billTools(
      tools.list(),
      tools.definitionsFor('openai'),
      () => 10,
      (tool) => tool.remoteName !== 'get_radar',
    );
    expect(bill.rows.map((row) => row.offered)).toEqual([true, false]);
    expect(bill.total).toBe(10);
  });

  it('sorts by name or by tokens, either way, ties by name', () => {
    const rows = [row('b', 5), row('a', 5), row('c', 9)];
    expect(sortBillRows(rows, { key: 'tokens', direction: 'descending' }).map((r) => r.tool)).toEqual(['c', 'a', 'b']);
    expect(sortBillRows(rows, { key: 'tokens', direction: 'ascending' }).map((r) => r.tool)).toEqual(['a', 'b', 'c']);
    expect(sortBillRows(rows, { key: 'tool', direction: 'descending' }).map((r) => r.tool)).toEqual(['c', 'b', 'a']);
    expect(sortBillRows(rows, { key: 'tokens', direction: 'descending' }, (r) => (r.tool === 'a' ? 100 : 0)).map((r) => r.tool)).toEqual([
      'a',
      'b',
      'c',
    ]);
  });

  it('exports CSV with quoted fields, whether each tool is offered, Anthropic counts when made, and a total line', () => {
    const bill = { rows: [{ tool: 'a,b', server: 's"1', remoteName: 'a', tokens: 3, offered: true }, row('off', 4, false)], total: 3 };
    expect(toolBillCsv(bill, 'openai')).toBe(
      'tool,server,offered,tokens (openai)\r\n"a,b","s""1",yes,3\r\noff,s,no,4\r\ntotal (offered tools),,,3\r\n',
    );
    expect(toolBillCsv(bill, 'openai', { perTool: { 'a,b': 7 }, together: 300 })).toBe(
      'tool,server,offered,tokens (openai),tokens (anthropic count_tokens)\r\n"a,b","s""1",yes,3,7\r\noff,s,no,4,\r\ntotal (offered tools),,,3,300\r\n',
    );
  });
});
