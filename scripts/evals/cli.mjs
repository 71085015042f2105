#!/usr/bin/env node
// `npm run evals -- <file> [--format F --model M --base-url U] [--junit out.xml] [--json out.json]`:
// runs an eval file headless on Node 20 with the core the page uses (bundled by build.mjs),
// keys from ANTHROPIC_API_KEY / OPENAI_API_KEY. Exit 0: every case passed; 1: a case failed or
// could not run; 2: the command or the file is wrong.
import { existsSync } from 'node:fs';

import { pathToFileURL } from 'node:url';
import { exitWith, nodeIo } from '../node-io.mjs';
import { buildHeadless, HEADLESS_BUNDLE } from './build.mjs';

if (!existsSync(HEADLESS_BUNDLE)) await buildHeadless();
const { runHeadless } = await import(pathToFileURL(HEADLESS_BUNDLE).href);
const code = await runHeadless({
  ...nodeIo(),
});
exitWith(code);
