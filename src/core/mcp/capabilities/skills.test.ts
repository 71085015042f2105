import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fileUri, SKILLS, start } from '../../../../e2e/servers/skills.mjs';
import type { RunningServer } from '../../../../e2e/servers/weather.mjs';
import { SecretRegistry, TrafficLog } from '../../traffic';
import { ServerConnection } from '../server-connection';

let server: RunningServer;
let connection: ServerConnection;
/** The JSON-RPC methods (and resources/read URIs) the connection sent, in order. */
const sent: string[] = [];

const skillUri = (name: string) => fileUri(SKILLS.find((skill) => skill.name === name) ?? SKILLS[0]!, 'SKILL.md');

beforeAll(async () => {
  server = await start();
  const recording: typeof fetch = async (input, init) => {
    if (typeof init?.body === 'string') {
      const message = JSON.parse(init.body) as { method?: string; params?: { uri?: string } };
      if (message.method) sent.push(message.method === 'resources/read' ? `resources/read ${message.params?.uri}` : message.method);
    }
    return fetch(input, init);
  };
  connection = new ServerConnection({
    name: 'skills',
    url: server.url,
    headers: {},
    log: new TrafficLog(),
    secrets: new SecretRegistry(),
    fetch: recording,
  });
  await connection.connect();
});
afterAll(async () => {
  await connection.disconnect();
  await server.close();
});

describe('SkillsCapability against the skills test server', () => {
  it('lists every skill (two pages) on connect and reads no skill file', () => {
    const state = connection.getState();
    expect(state.status).toBe('connected');
    expect(state.skills?.map((skill) => [skill.name, skill.description])).toEqual(SKILLS.map((skill) => [skill.name, skill.description]));
    expect(sent.filter((method) => method === 'skills/list')).toHaveLength(2);
    expect(sent.filter((method) => method.startsWith('resources/read'))).toEqual([]);
  });

  it('loads a good skill: SKILL.md, then its files, each verified', async () => {
    const skill = await connection.skills.open(skillUri('code-review'));
    expect(skill.body).toContain('# Code review');
    expect(skill.files.map((file) => file.uri)).toEqual(['skill://code-review/SKILL.md', 'skill://code-review/references/CHECKLIST.md']);
    expect(connection.getState().skillLoads?.[skillUri('code-review')]?.status).toBe('loaded');
    // Loaded once: opening again reads nothing.
    const reads = sent.length;
    await connection.skills.open(skillUri('code-review'));
    expect(sent.length).toBe(reads);
  });

  it.each([
    ['tampered-digest', 'skill-digest-mismatch', 'skill://tampered-digest/SKILL.md'],
    ['resized-file', 'skill-size-mismatch', 'skill://resized-file/references/DATA.md'],
    ['frontmatter-drift', 'skill-frontmatter-mismatch', 'skill://frontmatter-drift/SKILL.md'],
  ])('refuses %s with %s naming %s', async (name, code, file) => {
    await expect(connection.skills.open(skillUri(name))).rejects.toMatchObject({ code, file });
    const load = connection.getState().skillLoads?.[skillUri(name)];
    expect(load).toMatchObject({ status: 'refused', error: { code, file, expected: expect.any(String), actual: expect.any(String) } });
  });

  it('asks skills/get for a skill the listing did not hold, and fails on an unknown one', async () => {
    await expect(connection.skills.open('skill://nope/SKILL.md')).rejects.toMatchObject({
      message: expect.stringContaining('No skill at skill://nope/SKILL.md'),
    });
    expect(sent).toContain('skills/get');
    expect(connection.getState().skillLoads?.['skill://nope/SKILL.md']?.status).toBe('failed');
  });
});

describe('SkillsCapability against a server that declares skills and refuses skills/list', () => {
  it('connects with a warning and no skills', async () => {
    const mute = await start({ listing: false });
    const other = new ServerConnection({
      name: 'mute',
      url: mute.url,
      headers: {},
      log: new TrafficLog(),
      secrets: new SecretRegistry(),
      fetch,
    });
    try {
      await other.connect();
      expect(other.getState()).toMatchObject({ status: 'connected', skills: [] });
      expect(other.getState().warnings.join(' ')).toMatch(/skills\/list failed: .*Method not found/);
    } finally {
      await other.disconnect();
      await mute.close();
    }
  });
});
