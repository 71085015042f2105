import { readFileSync } from 'node:fs';
import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import validateEvals from './generated/validate-evals';
import schema from './evals-schema.json';

const read = (relative: string) => readFileSync(new URL(relative, import.meta.url), 'utf8');

describe('the precompiled eval-file validator', () => {
  it('was generated from the current schema and Ajv options (run `npm run gen` after editing them)', () => {
    const expected = createHash('sha256')
      .update(read('./evals-schema.json'))
      .update('\0')
      .update(read('../config/mcp-config-ajv-options.json'))
      .digest('hex');
    expect(read('./generated/validate-evals.js')).toContain(`// source-sha256: ${expected}`);
  });

  it('needs neither eval nor new Function (the page has a strict CSP)', () => {
    const code = read('./generated/validate-evals.js');
    expect(code).not.toMatch(/\bnew Function\b|\beval\s*\(|\brequire\s*\(/);
  });

  it('has the schema the build publishes', () => {
    expect(schema.$id).toBe('https://glassbox.invalid/schemas/evals.json');
    expect(
      validateEvals({ cases: [{ name: 'a', prompt: 'p', expect: { calls: [{ tool: 's/t', arguments: { x: { $regex: '.' } } }] } }] }),
    ).toBe(true);
    expect(validateEvals({ cases: [], extra: 1 })).toBe(false);
  });
});
