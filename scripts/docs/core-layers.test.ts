import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { coreLayersMarkdown, readCoreLayers, withLayers, LAYERS_END, LAYERS_START } from './core-layers';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const ARCHITECTURE = `${ROOT}docs/architecture.md`;

describe('the layer list of docs/architecture.md', () => {
  it('reads each layer, its folders and its comment, bottom first', () => {
    const source = [
      'const CORE_LAYERS = [',
      "  ['shared'], // small helpers",
      "  ['mcp', 'providers'], // the two wires",
      "  ['agent'],",
      '];',
    ].join('\n');
    expect(readCoreLayers(source)).toEqual([
      { folders: ['shared'], description: 'small helpers' },
      { folders: ['mcp', 'providers'], description: 'the two wires' },
      { folders: ['agent'], description: '' },
    ]);
    expect(coreLayersMarkdown(readCoreLayers(source))).toBe(
      [LAYERS_START, '1. `shared` — small helpers', '2. `mcp`, `providers` — the two wires', '3. `agent`', LAYERS_END].join('\n'),
    );
  });

  it('is the one generated from CORE_LAYERS in eslint.config.js (update: npx vitest run scripts/docs -u)', async () => {
    const layers = readCoreLayers(readFileSync(`${ROOT}eslint.config.js`, 'utf8'));
    expect(layers.length).toBeGreaterThan(3);
    const page = readFileSync(ARCHITECTURE, 'utf8');
    await expect(withLayers(page, coreLayersMarkdown(layers))).toMatchFileSnapshot(ARCHITECTURE);
  });
});
