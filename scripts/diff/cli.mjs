#!/usr/bin/env node
// `npm run diff -- <A> <B> [--json out] [--markdown out]` and `npm run diff -- --snapshot out <A>`:
// compares two MCP servers (URLs, mcp.json entries as file#name, or *.mcp-snapshot.json files)
// with the core the page uses (bundled by build.mjs). Exit 0: no breaking change; 1: a breaking
// change; 2: the command is wrong or a server cannot be reached.
import { existsSync } from 'node:fs';

import { pathToFileURL } from 'node:url';
import { exitWith, nodeIo } from '../node-io.mjs';
import { buildDiff, DIFF_BUNDLE } from './build.mjs';

if (!existsSync(DIFF_BUNDLE)) await buildDiff();
const { runDiff } = await import(pathToFileURL(DIFF_BUNDLE).href);
const code = await runDiff({
  ...nodeIo(),
});
exitWith(code);
