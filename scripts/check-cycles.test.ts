import { execFile } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';

const SCRIPT = fileURLToPath(new URL('./check-cycles.mjs', import.meta.url));
const folders: string[] = [];

/** A folder holding the files given (path → text). */
function tree(files: Record<string, string>): string {
  const root = mkdtempSync(join(tmpdir(), 'check-cycles-'));
  folders.push(root);
  for (const [path, text] of Object.entries(files)) {
    mkdirSync(dirname(join(root, path)), { recursive: true });
    writeFileSync(join(root, path), text);
  }
  return root;
}

/** Runs the check over `src` of the folder: its exit code and what it printed. */
function check(root: string): Promise<{ code: number; output: string }> {
  return new Promise((resolve) => {
    execFile(process.execPath, [SCRIPT, 'src'], { cwd: root }, (error, stdout, stderr) => {
      resolve({ code: error ? Number(error.code) : 0, output: stdout + stderr });
    });
  });
}

afterEach(() => {
  for (const root of folders.splice(0)) rmSync(root, { recursive: true, force: true });
});

describe('check-cycles', () => {
  it('passes a tree whose imports only go one way', async () => {
    const root = tree({
      'src/a.ts': "import { b } from './b';\nimport type { C } from './c';\nexport const a: C = b;\n",
      'src/b.ts': "import type { C } from './c';\nexport const b: C = 1;\n",
      'src/c.ts': 'export type C = number;\n',
    });
    expect(await check(root)).toEqual({ code: 0, output: 'check-cycles: no import cycle\n' });
  });

  it('fails on a cycle made only of type imports, at any depth', async () => {
    const root = tree({
      'src/state.ts': "import type { Task } from './parts/task';\nexport interface State { tasks: Task[] }\n",
      'src/parts/task.ts': "import type { Step } from './step';\nexport interface Task { steps: Step[] }\n",
      'src/parts/step.ts': "import type { State } from '../state';\nexport interface Step { state: State }\n",
    });
    const { code, output } = await check(root);
    expect(code).toBe(1);
    expect(output).toContain('Import cycle among 3 file(s): src/parts/step.ts, src/parts/task.ts, src/state.ts');
    expect(output).toContain('→ src/state.ts (type import)');
  });

  it('fails on a cycle through a dynamic import, a re-export and an index file', async () => {
    const root = tree({
      'src/panels.tsx': "export const Palette = () => import('./palette/palette');\n",
      'src/palette/palette.tsx': "export { commands } from '../commands';\n",
      'src/commands/index.ts': "import { Palette } from '../panels.js';\nexport const commands = [Palette];\n",
    });
    const { code, output } = await check(root);
    expect(code).toBe(1);
    expect(output).toContain('src/commands/index.ts, src/palette/palette.tsx, src/panels.tsx');
    expect(output).toContain('(dynamic import)');
  });

  it('fails on a file that imports itself, and on cycles in plain JavaScript', async () => {
    const root = tree({
      'src/self.ts': "import type { Self } from './self';\nexport type Self = { next?: Self };\n",
      'src/a.mjs': "import { b } from './b.mjs';\nexport const a = () => b;\n",
      'src/b.mjs': "export const b = () => import('./a.mjs');\n",
    });
    const { code, output } = await check(root);
    expect(code).toBe(1);
    expect(output).toContain('check-cycles: 2 import cycle(s).');
    expect(output).toContain('Import cycle among 1 file(s): src/self.ts');
    expect(output).toContain('Import cycle among 2 file(s): src/a.mjs, src/b.mjs');
  });
});
