/**
 * The layering of src/core is a lint rule (CORE_LAYERS in eslint.config.js): these imports, linted
 * as if they were files in core, must pass or fail, so a weakened rule shows up here. So are the
 * rule that ui does not reach the composition root, the policies of bridge/, scripts/ and the demo
 * servers, and the rule that code above core reaches every core folder through its index.ts (its
 * shared test fixtures and INDEX_EXCEPTIONS excepted).
 */
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

const eslint = new ESLint({ cwd: process.cwd() });

/** The boundaries messages for one import written in a (virtual) file of src/core. */
async function violations(file: string, source: string): Promise<string[]> {
  const [result] = await eslint.lintText(`${source}\nexport type Probe = typeof probe;\n`, { filePath: file });
  return (result?.messages ?? []).filter((message) => message.ruleId === 'boundaries/dependencies').map((message) => message.message);
}

describe('the core layers', () => {
  it.each([
    ['src/core/tools/probe.ts', "import { AgentSession as probe } from '../agent';"],
    ['src/core/providers/probe.ts', "import { AgentSession as probe } from '../agent';"],
    ['src/core/providers/openai/probe.ts', "import { ToolRegistry as probe } from '../../tools';"],
    ['src/core/mcp/probe.ts', "import { PROVIDERS as probe } from '../providers';"],
    ['src/core/config/probe.ts', "import { TrafficLog as probe } from '../traffic';"],
    ['src/core/conversation/probe.ts', "import { readMcpConfig as probe } from '../config';"],
    ['src/core/shared/probe.ts', "import { readMcpConfig as probe } from '../config';"],
    ['src/core/agent/probe.ts', "import { SessionPersistence as probe } from '../persistence';"],
    ['src/core/auth/probe.ts', "import { ServerConnection as probe } from '../mcp';"],
    ['src/core/auth/probe.ts', "import { SessionPersistence as probe } from '../persistence';"],
    ['src/core/persistence/probe.ts', "import { createServices as probe } from '../composition';"],
    ['src/core/guard/probe.ts', "import { PolicyStore as probe } from '../tools';"],
    ['src/core/mcp/probe.ts', "import { scanServer as probe } from '../guard';"],
    ['src/core/mcp/probe.ts', "import { Inbox as probe } from '../inbox';"],
    ['src/core/agent/probe.ts', "import { Inbox as probe } from '../inbox';"],
    ['src/core/mcp/probe.ts', "import { BridgeStore as probe } from '../bridge';"],
    ['src/core/bridge/probe.ts', "import { GuardStore as probe } from '../guard';"],
    // ui is presentational: it does not reach the composition root.
    ['src/ui/probe.ts', "import { createServices as probe } from '../core/composition';"],
  ])('in %s, %s is refused', async (file, source) => {
    expect(await violations(file, source)).toHaveLength(1);
  });

  it.each([
    ['src/core/agent/probe.ts', "import { PROVIDERS as probe } from '../providers';"],
    ['src/core/tools/probe.ts', "import { PROVIDERS as probe } from '../providers';"],
    ['src/core/persistence/probe.ts', "import { AgentSession as probe } from '../agent';"],
    ['src/core/mcp/probe.ts', "import { readMcpConfig as probe } from '../config';"],
    ['src/core/config/probe.ts', "import { isPlainObject as probe } from '../shared/json';"],
    ['src/core/mcp/probe.ts', "import { authMiddleware as probe } from '../auth';"],
    ['src/core/probe.ts', "import { SessionPersistence as probe } from './persistence';"],
    ['src/core/tools/probe.ts', "import { fingerprint as probe } from '../guard';"],
    ['src/core/guard/probe.ts', "import { isPlainObject as probe } from '../shared/json';"],
    ['src/core/inbox/probe.ts', "import { sleepWithSignal as probe } from '../agent';"],
    ['src/core/bridge/probe.ts', "import { logEntriesOf as probe } from '../mcp';"],
    ['src/ui/probe.ts', "import { readMcpConfig as probe } from '../core/config';"],
    ['src/features/evals/probe.ts', "import { perServices as probe } from '../../core/per-services';"],
  ])('in %s, %s is allowed', async (file, source) => {
    expect(await violations(file, source)).toEqual([]);
  });
});

describe('bridge, scripts and the demo servers import only what their policy names', () => {
  it.each([
    // The bridge: core's config reader and the pair-link codec, nothing of the page.
    ['bridge/probe.ts', "import { BridgeStore as probe } from '../src/core/bridge';"],
    ['bridge/probe.ts', "import { TrafficLog as probe } from '../src/core/traffic';"],
    ['bridge/probe.ts', "import { createServices as probe } from '../src/core/composition';"],
    ['bridge/probe.mjs', "import { App as probe } from '../src/app/app';"],
    ['scripts/probe.ts', "import { JsonView as probe } from '../src/ui/json-view';"],
    ['scripts/evals/probe.mjs', "import { EvalsPanel as probe } from '../../src/features/evals';"],
    ['src/demo-servers/probe.mjs', "import { readMcpConfig as probe } from '../core/config';"],
    ['src/demo-worker/probe.ts', "import { JsonView as probe } from '../ui/json-view';"],
    // And nothing imports them but what may.
    ['src/features/traffic/probe.ts', "import { startWeather as probe } from '../../demo-servers/weather.mjs';"],
    ['src/core/config/probe.ts', "import { configEntry as probe } from '../../../bridge/config-entry';"],
    ['src/app/probe.ts', "import { startupChunk as probe } from '../../scripts/startup-chunk';"],
  ])('in %s, %s is refused', async (file, source) => {
    expect(await violations(file, source)).toHaveLength(1);
  });

  it.each([
    ['bridge/probe.ts', "import { parseMcpConfig as probe } from '../src/core/config/parse-mcp-config';"],
    ['bridge/probe.ts', "import { readPairLink as probe } from '../src/core/bridge/pair-link';"],
    ['bridge/probe.ts', "import { configEntry as probe } from './config-entry';"],
    ['scripts/conformance/probe.ts', "import { ServerConnection as probe } from '../../src/core/mcp';"],
    ['src/demo-worker/probe.ts', "import { inPageDemoServer as probe } from '../core/config';"],
    ['src/demo-worker/probe.ts', "import { startWeather as probe } from '../demo-servers/weather.mjs';"],
  ])('in %s, %s is allowed', async (file, source) => {
    expect(await violations(file, source)).toEqual([]);
  });
});

/** The messages of the index-only rule for one import (static or dynamic) written in a (virtual) file above core. */
async function indexViolations(file: string, source: string): Promise<string[]> {
  const [result] = await eslint.lintText(`${source}\nexport type Probe = typeof probe;\n`, { filePath: file });
  return (result?.messages ?? [])
    .filter((message) => message.ruleId === 'no-restricted-imports' || message.ruleId === 'no-restricted-syntax')
    .map((message) => message.message);
}

describe('above core, every core folder is reached through its index.ts, except its shared test fixtures and the files the rule names', () => {
  it.each([
    ['src/features/config-editor/probe.test.ts', "import { readMcpConfig as probe } from '../../core/config/read-mcp-config';"],
    ['src/ui/monaco/probe.test.ts', "import { readMcpConfig as probe } from '../../core/config/read-mcp-config';"],
    ['src/app/probe.ts', "import { openIndexedDbBackend as probe } from '../core/persistence/indexeddb-backend';"],
    // Every folder of CORE_LAYERS, not a chosen few.
    ['src/features/traffic/probe.ts', "import { toCurl as probe } from '../../core/traffic/curl';"],
    ['src/features/traffic/probe.ts', "import type { HttpExchange as probe } from '../../core/traffic/types';"],
    ['src/ui/probe.ts', "import { formatCount as probe } from '../core/shared/format';"],
    ['src/features/servers/probe.ts', "import { ConnectionManager as probe } from '../../core/mcp/connection-manager';"],
    ['src/features/model-traffic/probe.ts', "import { PROVIDERS as probe } from '../../core/providers/registry';"],
    ['src/features/apps/probe.ts', "import { ViewLog as probe } from '../../core/apps/view-log';"],
    ['src/app/probe.ts', "import { AuthSession as probe } from '../core/auth/auth-session';"],
    // Dynamic imports too.
    ['src/ui/probe.ts', "const probe = () => import('../core/traffic/curl');"],
  ])('in %s, %s is refused', async (file, source) => {
    expect(await indexViolations(file, source)).toHaveLength(1);
  });

  it.each([
    ['src/features/config-editor/probe.test.ts', "import { problem as probe } from '../../core/config/__fixtures__/config-problem';"],
    ['src/ui/monaco/probe.test.ts', "import { problem as probe } from '../../core/config/__fixtures__/config-problem';"],
    ['src/features/session/probe.test.ts', "import { recordTurn as probe } from '../../core/persistence/__fixtures__/session-fixtures';"],
    [
      'src/features/model-traffic/probe.test.ts',
      "import { toolCallsCompletion as probe } from '../../core/providers/openai/__fixtures__/openai-replies';",
    ],
    ['src/features/traffic/probe.ts', "import { toCurl as probe } from '../../core/traffic';"],
    ['src/ui/probe.ts', "import { formatCount as probe } from '../core/shared';"],
    // The files INDEX_EXCEPTIONS names: the page's entry opens the database through the one small file that does it (src/app/boot.ts)…
    ['src/app/probe.ts', "import { openDatabaseEarly as probe } from '../core/persistence/open-database';"],
    // …HAR export loads on demand, zod is made jitless first, and the page's sign-in plumbing stays out of auth's index.
    ['src/ui/probe.ts', "const probe = () => import('../core/traffic/har');"],
    ['src/features/apps/probe.ts', "import '../../core/mcp/zod-jitless';\nconst probe = 1;"],
    ['src/app/probe.ts', "import { seal as probe } from '../core/auth/pending-redirect';"],
  ])('in %s, %s is allowed', async (file, source) => {
    expect(await indexViolations(file, source)).toEqual([]);
  });
});
