import { describe, expect, it } from 'vitest';
import { ToolRegistry } from './tool-registry';
import { billTools, toolBillCsv } from './tool-bill';

function registry(): ToolRegistry {
  const tools = new ToolRegistry();
  tools.setServerTools('weather', [
    { name: 'get_forecast', description: 'Daily forecast, "with quotes", for a city.', inputSchema: { type: 'object', properties: { city: { type: 'string' } } } },
    { name: 'get_radar', inputSchema: { type: 'object' } },
  ]);
  return tools;
}

describe('the token bill of the tool registry', () => {
  it('bills every registered tool with its server, and the total is the sum', () => {
    const tools = registry();
    const bill = billTools(tools.list(), tools.definitionsFor('openai'), (definition) => JSON.stringify(definition).length);
    expect(bill.rows.map((row) => [row.server, row.tokens > 0])).toEqual([
      ['weather', true],
      ['weather', true],
    ]);
    expect(bill.total).toBe(bill.rows[0]!.tokens + bill.rows[1]!.tokens);
  });

  it('exports CSV with quoted fields and a total line', () => {
    const bill = { rows: [{ tool: 'a,b', server: 's"1', tokens: 3 }], total: 3 };
    expect(toolBillCsv(bill, 'openai')).toBe('tool,server,tokens (openai)\r\n"a,b","s""1",3\r\ntotal,,3\r\n');
  });
});
