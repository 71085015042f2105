#!/usr/bin/env node
// `npm run load -- <url | mcp.json> [--server S] [--tool T --args JSON] --concurrency N
// (--requests M | --duration SECONDS) [--rate R] [--json out]`: one load probe of an MCP server with
// the core the page uses (bundled by build.mjs). Exit 0: no error; 1: errors seen (or a 2026
// server's answers differ); 2: the command is wrong or the server cannot be reached.
import { existsSync } from 'node:fs';
import { pathToFileURL } from 'node:url';
import { exitWith, nodeIo } from '../node-io.mjs';
import { buildLoad, LOAD_BUNDLE } from './build.mjs';

if (!existsSync(LOAD_BUNDLE)) await buildLoad();
const { runLoad } = await import(pathToFileURL(LOAD_BUNDLE).href);
exitWith(await runLoad(nodeIo()));
