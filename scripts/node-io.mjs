// What a headless command (npm run evals, check, diff) hands the core it runs: its arguments,
// environment, files, output and fetch, as Node has them; and how it ends.
import { readFile, writeFile } from 'node:fs/promises';

/** The command line, environment, files, output and fetch of this process. */
export function nodeIo() {
  return {
    argv: process.argv.slice(2),
    env: process.env,
    /** @param {string} file */
    readText: (file) => readFile(file, 'utf8'),
    /** @param {string} file @param {string} text */
    writeText: (file, text) => writeFile(file, text),
    /** @param {string} text */
    out: (text) => process.stdout.write(text),
    /** @param {string} text */
    err: (text) => process.stderr.write(text),
    isTTY: process.stdout.isTTY === true,
    fetch: globalThis.fetch.bind(globalThis),
  };
}

/** Ends the process with `code`, even when open connections (a 2025 server's event stream) would keep it alive. */
export function exitWith(code) {
  process.exitCode = code;
  setTimeout(() => process.exit(code), 100).unref();
}
