#!/usr/bin/env node
// `npm run evals -- <file> [--format F --model M --base-url U] [--junit out.xml] [--json out.json]`:
// runs an eval file headless on Node 20 with the core the page uses (bundled by build.mjs),
// keys from ANTHROPIC_API_KEY / OPENAI_API_KEY. Exit 0: every case passed; 1: a case failed or
// could not run; 2: the command or the file is wrong.
import { existsSync } from 'node:fs';
import { readFile, writeFile } from 'node:fs/promises';
import { pathToFileURL } from 'node:url';
import { buildHeadless, HEADLESS_BUNDLE } from './build.mjs';

if (!existsSync(HEADLESS_BUNDLE)) await buildHeadless();
const { runHeadless } = await import(pathToFileURL(HEADLESS_BUNDLE).href);
const code = await runHeadless({
  argv: process.argv.slice(2),
  env: process.env,
  readText: (file) => readFile(file, 'utf8'),
  writeText: (file, text) => writeFile(file, text),
  out: (text) => process.stdout.write(text),
  err: (text) => process.stderr.write(text),
  isTTY: process.stdout.isTTY === true,
  fetch: globalThis.fetch.bind(globalThis),
});
process.exitCode = code;
// Open connections (a 2025 server's event stream) must not keep the process alive.
setTimeout(() => process.exit(code), 100).unref();
