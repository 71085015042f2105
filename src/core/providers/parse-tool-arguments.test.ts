import { describe, expect, it } from 'vitest';
import { parseToolArguments } from './parse-tool-arguments';

describe('parseToolArguments', () => {
  it('parses an object, and reads empty text as no arguments', () => {
    expect(parseToolArguments('{"city":"Paris"}')).toEqual({ ok: true, input: { city: 'Paris' } });
    expect(parseToolArguments('  ')).toEqual({ ok: true, input: {} });
  });

  it('refuses text that is not JSON, or JSON that is not an object', () => {
    const broken = parseToolArguments('{"city": ');
    expect(broken.ok).toBe(false);
    expect(broken.ok === false && broken.rawArguments).toBe('{"city": ');
    expect(parseToolArguments('null')).toEqual({ ok: false, rawArguments: 'null', reason: 'JSON null, not an object' });
    expect(parseToolArguments('"x"')).toEqual({ ok: false, rawArguments: '"x"', reason: 'JSON a string, not an object' });
  });
});
