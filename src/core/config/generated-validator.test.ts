import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import Ajv from 'ajv';
import { describe, expect, it } from 'vitest';
import validateMcpConfig, { validateMcpServer } from './generated/validate-mcp-config';
import options from './mcp-config-ajv-options.json';
import schema from './mcp-config-schema.json';

const generatedSource = readFileSync(new URL('./generated/validate-mcp-config.js', import.meta.url), 'utf8');

const DOCUMENTS: unknown[] = [
  { mcpServers: { a: { url: 'https://a.example.com/mcp', headers: { Authorization: 'Bearer x' }, timeout: 1000, disabled: false } } },
  { servers: { a: { type: 'http', url: 'https://a' } }, inputs: [{ id: 'token', type: 'promptString', password: true }] },
  { a: { serverUrl: 'https://a' }, b: { command: 'npx', args: ['x'], env: { A: '1', B: 2, C: null }, cwd: '/tmp' } },
  {
    mcpServers: {
      a: { url: 5, type: 'websocket', transport: 3, headers: { A: 1 }, timeout: 0, disabled: 'yes', args: [1], env: { X: true } },
    },
  },
  { mcpServers: { a: 'x', b: {}, c: { timeout: 1.5, url: 'https://c' } }, servers: [] },
  { inputs: [{}, { id: 3, password: 'no' }], $schema: 7, x: { description: 'nothing' } },
  { mcpServers: 3 },
  [],
  'text',
  null,
];

function summary(errors: ReadonlyArray<{ instancePath: string; schemaPath: string; keyword: string; params: unknown }> | null | undefined) {
  return (errors ?? []).map((error) => [error.instancePath, error.schemaPath, error.keyword, error.params]);
}

describe('generated mcp.json validator', () => {
  it('agrees with Ajv compiling the schema at test time', () => {
    const compiled = new Ajv(options).compile(schema);
    const verdicts: boolean[] = [];
    for (const document of DOCUMENTS) {
      const expected = compiled(document);
      const actual = validateMcpConfig(document);
      verdicts.push(actual);
      expect(actual, JSON.stringify(document)).toBe(expected);
      expect(summary(validateMcpConfig.errors), JSON.stringify(document)).toEqual(summary(compiled.errors));
    }
    // The documents exercise both outcomes, so the agreement means something.
    expect(verdicts).toEqual([true, true, true, false, false, false, false, false, false, false]);
  });

  it('checks one server on its own the same way, in every shape a dialect writes (Zed, Opencode, Continue)', () => {
    const ajv = new Ajv(options);
    ajv.addSchema(schema);
    const compiled = ajv.getSchema(`${schema.$id}#/definitions/server`);
    if (compiled === undefined) throw new Error('no server definition');
    const servers: unknown[] = [
      { command: { path: '/bin/server', args: ['run'], env: {} }, settings: {} },
      { type: 'local', command: ['npx', '-y', 'x'], environment: { A: '1' }, enabled: true },
      { name: 'go', transport: { type: 'stdio', command: 'go.exe', args: ['-v'] } },
      { type: 'remote', url: 'https://a.example.com/mcp' },
      { command: { path: 3 }, transport: { type: 'websocket' }, enabled: 'no' },
      'text',
    ];
    const verdicts = servers.map((server) => {
      const actual = validateMcpServer(server);
      expect(actual, JSON.stringify(server)).toBe(compiled(server));
      expect(summary(validateMcpServer.errors), JSON.stringify(server)).toEqual(summary(compiled.errors));
      return actual;
    });
    expect(verdicts).toEqual([true, true, true, true, false, false]);
  });

  it('is a plain ES module with no eval, new Function or CommonJS require (strict CSP, Vite)', () => {
    expect(generatedSource).not.toMatch(/new Function/);
    expect(generatedSource).not.toMatch(/\beval\s*\(/);
    expect(generatedSource).not.toMatch(/\brequire\s*\(/);
    expect(generatedSource).not.toMatch(/module\.exports/);
    expect(generatedSource).toMatch(/^export const validateMcpConfig = /m);
    expect(generatedSource).toMatch(/^export default validateMcpConfig;$/m);
  });

  it('was generated from the current schema and options (run `npm run gen` if not)', () => {
    const schemaText = readFileSync(new URL('./mcp-config-schema.json', import.meta.url), 'utf8');
    const optionsText = readFileSync(new URL('./mcp-config-ajv-options.json', import.meta.url), 'utf8');
    const hash = createHash('sha256').update(schemaText).update('\0').update(optionsText).digest('hex');
    expect(generatedSource).toContain(`// source-sha256: ${hash}\n`);
  });

  it('describes every property of the schema (Monaco shows descriptions on hover)', () => {
    const missing: string[] = [];
    const visit = (node: unknown, path: string): void => {
      if (node === null || typeof node !== 'object') return;
      const record = node as Record<string, unknown>;
      const properties = record['properties'];
      if (properties !== null && typeof properties === 'object') {
        for (const [key, child] of Object.entries(properties)) {
          if (typeof child === 'object' && child !== null && typeof (child as Record<string, unknown>)['description'] !== 'string')
            missing.push(`${path}/properties/${key}`);
        }
      }
      for (const [key, child] of Object.entries(record)) visit(child, `${path}/${key}`);
    };
    visit(schema, '#');
    expect(missing).toEqual([]);
  });
});
