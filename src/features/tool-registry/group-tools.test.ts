import type { McpToolInfo } from '../../core/mcp';
import { describe, expect, it } from 'vitest';
import { fnv1a32Hex, memoryStorage } from '../../core/shared';
import { createReminderTool, ReminderStore, ToolRegistry } from '../../core/tools';
import { collisionNotes, countWarnings, groupTools, hintBadges, LOCAL_GROUP_LABEL, renameInfo } from './group-tools';

const OBJECT_SCHEMA = { type: 'object', properties: { city: { type: 'string' } }, required: ['city'] };

/** A real registry, so the names under test are the ones the model would see. */
function registryWith(servers: Record<string, Array<{ name: string; inputSchema?: unknown; annotations?: Record<string, unknown> }>>) {
  const registry = new ToolRegistry();
  registry.registerLocalTool(createReminderTool(new ReminderStore({ storage: memoryStorage(), newId: () => 'id-1' })));
  // Tools as a server may publish them (untrusted): the registry checks them itself.
  for (const [server, tools] of Object.entries(servers)) registry.setServerTools(server, tools as unknown as readonly McpToolInfo[]);
  return registry.getSnapshot();
}

function publicNameOf(snapshot: ReturnType<ToolRegistry['getSnapshot']>, server: string, remoteName: string): string {
  const tool = snapshot.tools.find((entry) => entry.server === server && entry.remoteName === remoteName);
  if (!tool) throw new Error(`no tool ${server}/${remoteName}`);
  return tool.publicName;
}

describe('groupTools', () => {
  it('puts configured servers first in the given order, the rest alphabetically, local last', () => {
    const snapshot = registryWith({
      beta: [{ name: 'b1', inputSchema: OBJECT_SCHEMA }],
      zeta: [{ name: 'z1', inputSchema: OBJECT_SCHEMA }],
      alpha: [
        { name: 'second', inputSchema: OBJECT_SCHEMA },
        { name: 'first', inputSchema: OBJECT_SCHEMA },
      ],
    });
    // The registry lists local tools first; the panel lists them last.
    expect(snapshot.tools[0]?.origin).toBe('local');

    const groups = groupTools(snapshot.tools, snapshot.problems, ['zeta', 'not-connected']);
    expect(groups.map((group) => group.server)).toEqual(['zeta', 'alpha', 'beta', 'local']);
    expect(groups.at(-1)).toMatchObject({ local: true, label: LOCAL_GROUP_LABEL });
    expect(groups.map((group) => group.label).slice(0, 3)).toEqual(['zeta', 'alpha', 'beta']);
    // Tools keep the order their server listed them in (not alphabetical).
    expect(groups[1]?.tools.map((row) => row.tool.remoteName)).toEqual(['second', 'first']);
    expect(groups[3]?.tools.map((row) => row.tool.publicName)).toEqual(['add_reminder']);
  });

  it('gives the same order whatever order the servers connected in', () => {
    const first = registryWith({ beta: [{ name: 'x' }], alpha: [{ name: 'y' }] });
    const second = registryWith({ alpha: [{ name: 'y' }], beta: [{ name: 'x' }] });
    const names = (snapshot: typeof first) =>
      groupTools(snapshot.tools, snapshot.problems).flatMap((group) => group.tools.map((row) => row.tool.publicName));
    expect(names(first)).toEqual(['alpha_y', 'beta_x', 'add_reminder']);
    expect(names(second)).toEqual(names(first));
  });

  it('attaches registry problems to their server, with a group even when no tool survived', () => {
    const snapshot = registryWith({
      broken: [{ name: '' }],
      fine: [{ name: 'ok' }, { name: 'ok' }],
    });
    const groups = groupTools(snapshot.tools, snapshot.problems);
    const broken = groups.find((group) => group.server === 'broken');
    expect(broken?.tools).toEqual([]);
    expect(broken?.problems.map((problem) => problem.message)).toEqual(['Tool #1 has no name and was skipped.']);
    const fine = groups.find((group) => group.server === 'fine');
    expect(fine?.tools).toHaveLength(1);
    expect(fine?.problems[0]?.message).toContain('more than once');
  });

  it('returns no groups for an empty registry', () => {
    expect(groupTools([], [])).toEqual([]);
  });
});

describe('renameInfo', () => {
  it('marks a plain <server>_<tool> name and a local tool as not renamed', () => {
    const snapshot = registryWith({ weather: [{ name: 'forecast' }] });
    const rows = groupTools(snapshot.tools).flatMap((group) => group.tools);
    expect(rows.map((row) => [row.tool.publicName, row.renamed, row.reasons])).toEqual([
      ['weather_forecast', false, []],
      ['add_reminder', false, []],
    ]);
    expect(rows[0]?.plainName).toBe('weather_forecast');
  });

  it('explains a cleaned name', () => {
    const snapshot = registryWith({ 'my weather': [{ name: 'get.alerts' }] });
    const row = groupTools(snapshot.tools)[0]?.tools[0];
    expect(row?.tool.publicName).toBe('my_weather_get_alerts');
    expect(row).toMatchObject({ plainName: 'my weather_get.alerts', renamed: true, reasons: ['cleaned'] });
  });

  it('explains a name shortened with a hash', () => {
    const longTool = `search_${'very_long_segment_'.repeat(6)}end`;
    const snapshot = registryWith({ docs: [{ name: longTool }] });
    const publicName = publicNameOf(snapshot, 'docs', longTool);
    expect(publicName).toHaveLength(64);
    expect(publicName.endsWith(`_${fnv1a32Hex(`docs/${longTool}`)}`)).toBe(true);
    expect(renameInfo({ origin: 'mcp', server: 'docs', remoteName: longTool, publicName })).toMatchObject({
      renamed: true,
      reasons: ['shortened'],
    });
  });

  it('explains collision suffixes, including a clash with a local tool, and lists them as notes', () => {
    const snapshot = registryWith({
      a: [{ name: 'b_c' }],
      a_b: [{ name: 'c' }],
      add: [{ name: 'reminder' }],
    });
    expect(publicNameOf(snapshot, 'a', 'b_c')).toBe('a_b_c');
    expect(publicNameOf(snapshot, 'a_b', 'c')).toBe('a_b_c_2');
    expect(publicNameOf(snapshot, 'add', 'reminder')).toBe('add_reminder_2');

    const groups = groupTools(snapshot.tools, snapshot.problems);
    const rows = new Map(groups.flatMap((group) => group.tools).map((row) => [row.tool.publicName, row]));
    expect(rows.get('a_b_c')).toMatchObject({ renamed: false, reasons: [] });
    expect(rows.get('a_b_c_2')).toMatchObject({ renamed: true, reasons: ['suffixed'], suffix: '_2' });
    expect(rows.get('add_reminder_2')).toMatchObject({ renamed: true, reasons: ['suffixed'], suffix: '_2' });

    expect(collisionNotes(groups)).toEqual([
      'a_b · c is published as a_b_c_2: _2 was added because another tool already had this name.',
      'add · reminder is published as add_reminder_2: _2 was added because another tool already had this name.',
    ]);
  });

  it('keeps a remote name that itself ends in _2 from looking like a collision', () => {
    expect(renameInfo({ origin: 'mcp', server: 'files', remoteName: 'read_2', publicName: 'files_read_2' })).toEqual({
      plainName: 'files_read_2',
      renamed: false,
      reasons: [],
    });
    expect(renameInfo({ origin: 'mcp', server: 'my files', remoteName: 'read_2', publicName: 'my_files_read_2' }).reasons).toEqual([
      'cleaned',
    ]);
  });

  it('combines reasons for a long, cleaned, colliding name and flags names it cannot explain', () => {
    const server = 'my server';
    const remoteName = `x.${'y'.repeat(80)}`;
    const hash = `_${fnv1a32Hex(`${server}/${remoteName}`)}`;
    const head = `my_server_x_${'y'.repeat(80)}`.slice(0, 64 - hash.length - 2);
    expect(renameInfo({ origin: 'mcp', server, remoteName, publicName: `${head}${hash}_2` })).toMatchObject({
      reasons: ['cleaned', 'shortened', 'suffixed'],
      suffix: '_2',
    });
    expect(renameInfo({ origin: 'mcp', server: 'a', remoteName: 'b', publicName: 'something_else' }).reasons).toEqual(['other']);
  });
});

describe('hintBadges', () => {
  it('shows only the hints the server declared, destructive as a warning', () => {
    expect(hintBadges(undefined)).toEqual([]);
    expect(hintBadges({ title: 'Only a title' })).toEqual([]);
    expect(hintBadges({ readOnlyHint: true, openWorldHint: false })).toEqual([
      { hint: 'readOnlyHint', value: true, label: 'read-only', tone: 'plain' },
      { hint: 'openWorldHint', value: false, label: 'closed world', tone: 'plain' },
    ]);
    expect(
      hintBadges({ readOnlyHint: false, destructiveHint: true, idempotentHint: false }).map((badge) => [badge.label, badge.tone]),
    ).toEqual([
      ['may write', 'plain'],
      ['destructive', 'warn'],
      ['not idempotent', 'plain'],
    ]);
  });
});

describe('countWarnings', () => {
  it('counts warnings per provider and level', () => {
    const snapshot = registryWith({
      geo: [
        { name: 'no_schema' },
        { name: 'uri', inputSchema: { type: 'object', properties: { link: { type: 'string', format: 'uri-reference' } } } },
      ],
    });
    const rows = groupTools(snapshot.tools)[0]?.tools ?? [];
    const noSchema = rows.find((row) => row.tool.remoteName === 'no_schema');
    const uri = rows.find((row) => row.tool.remoteName === 'uri');
    // A missing schema is a warning for both providers.
    expect(noSchema?.warningCounts.anthropic.warning).toBe(1);
    expect(noSchema?.warningCounts.openai.warning).toBe(1);
    // An unsupported format only matters to OpenAI.
    expect(uri?.warningCounts.anthropic.warning).toBe(0);
    expect(uri?.warningCounts.openai.warning).toBe(1);
    if (uri) expect(countWarnings(uri.tool)).toEqual(uri.warningCounts);
    const openaiInfo = uri?.tool.providerSchemas.openai.warnings.filter((warning) => warning.level === 'info').length;
    expect(uri?.warningCounts.openai.info).toBe(openaiInfo);
  });
});
