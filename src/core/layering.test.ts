/**
 * The layering of src/core is a lint rule (CORE_LAYERS in eslint.config.js): these imports, linted
 * as if they were files in core, must pass or fail, so a weakened rule shows up here. So is the
 * rule that code above core reaches a core folder through its index.ts (its shared test fixtures
 * excepted).
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
  ])('in %s, %s is allowed', async (file, source) => {
    expect(await violations(file, source)).toEqual([]);
  });
});

/** The messages of the index-only rule for one import written in a (virtual) file above core. */
async function indexViolations(file: string, source: string): Promise<string[]> {
  const [result] = await eslint.lintText(`${source}\nexport type Probe = typeof probe;\n`, { filePath: file });
  return (result?.messages ?? []).filter((message) => message.ruleId === 'no-restricted-imports').map((message) => message.message);
}

describe('above core, a core folder is reached through its index.ts, except its shared test fixtures and the database opener', () => {
  it.each([
    ['src/features/config-editor/probe.test.ts', "import { readMcpConfig as probe } from '../../core/config/read-mcp-config';"],
    ['src/ui/monaco/probe.test.ts', "import { readMcpConfig as probe } from '../../core/config/read-mcp-config';"],
    ['src/app/probe.ts', "import { openIndexedDbBackend as probe } from '../core/persistence/indexeddb-backend';"],
  ])('in %s, %s is refused', async (file, source) => {
    expect(await indexViolations(file, source)).toHaveLength(1);
  });

  it.each([
    ['src/features/config-editor/probe.test.ts', "import { problem as probe } from '../../core/config/__fixtures__/config-problem';"],
    ['src/ui/monaco/probe.test.ts', "import { problem as probe } from '../../core/config/__fixtures__/config-problem';"],
    ['src/features/session/probe.test.ts', "import { recordTurn as probe } from '../../core/persistence/__fixtures__/session-fixtures';"],
    // The page's entry opens the database through the one small file that does it (src/app/boot.ts).
    ['src/app/probe.ts', "import { openDatabaseEarly as probe } from '../core/persistence/open-database';"],
  ])('in %s, %s is allowed', async (file, source) => {
    expect(await indexViolations(file, source)).toEqual([]);
  });
});
