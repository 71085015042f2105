import { describe, expect, it } from 'vitest';
import type { LoadedSkill } from '../mcp';
import { SkillError } from '../mcp';
import { createSkillTool, SkillOffers, skillKeys } from './skill-tool';
import type { OfferedSkill } from './skill-tool';

const REVIEW: OfferedSkill = {
  server: 'skills',
  uri: 'skill://code-review/SKILL.md',
  name: 'code-review',
  description: 'Review a change.',
};
const LOADED: LoadedSkill = {
  entry: { uri: REVIEW.uri, name: REVIEW.name, description: REVIEW.description, frontmatter: {}, files: [] },
  body: '# Code review\nRead CHECKLIST.md.\n',
  files: [
    { uri: REVIEW.uri, size: 40, text: '---\n…' },
    { uri: 'skill://code-review/references/CHECKLIST.md', size: 12, text: '- one\n- two\n' },
  ],
  digestsChecked: true,
};
const signal = new AbortController().signal;

describe('SkillOffers', () => {
  it('offers, withdraws and drops the skills of servers no longer connected', () => {
    const offers = new SkillOffers();
    let changes = 0;
    offers.subscribe(() => changes++);
    offers.offer(REVIEW);
    offers.offer({ ...REVIEW, server: 'other' });
    expect(offers.isOffered('skills', REVIEW.uri)).toBe(true);
    offers.keepServers(new Set(['skills']));
    expect(offers.getSnapshot()).toEqual([REVIEW]);
    offers.withdraw('skills', REVIEW.uri);
    expect(offers.getSnapshot()).toEqual([]);
    expect(changes).toBe(4);
  });

  it('names a skill offered by two servers name@server', () => {
    expect([...skillKeys([REVIEW, { ...REVIEW, server: 'b' }, { ...REVIEW, name: 'notes' }]).keys()]).toEqual([
      'code-review@skills',
      'code-review@b',
      'notes',
    ]);
  });
});

describe('use_skill', () => {
  it('lists each offered skill with its description and returns the body only when called', async () => {
    const opened: string[] = [];
    const tool = createSkillTool([REVIEW], async (server, uri, context) => (opened.push(`${server} ${uri} ${context.toolCallId}`), LOADED));
    expect(tool.description).toContain('- code-review: Review a change.');
    expect(tool.inputSchema).toMatchObject({ properties: { skill: { enum: ['code-review'] } }, required: ['skill'] });
    expect(opened).toEqual([]);
    const result = await tool.run({ skill: 'code-review' }, { signal, toolCallId: 'call-1' });
    expect(opened).toEqual(['skills skill://code-review/SKILL.md call-1']);
    expect(result).toEqual({
      content: [
        {
          type: 'text',
          text: '# Code review\nRead CHECKLIST.md.\n\nOther files of this skill (read one with "file"):\n- skill://code-review/references/CHECKLIST.md (12 bytes)',
        },
      ],
    });
    expect(await tool.run({ skill: 'code-review', file: 'skill://code-review/references/CHECKLIST.md' }, { signal })).toEqual({
      content: [{ type: 'text', text: '- one\n- two\n' }],
    });
  });

  it('answers an unknown skill or file, and a refused skill, with an error result naming why', async () => {
    const refusal = new SkillError('skill-digest-mismatch', 'skill://x/SKILL.md: digest mismatch', { file: 'skill://x/SKILL.md' });
    const tool = createSkillTool([REVIEW], async () => {
      throw refusal;
    });
    expect(await tool.run({ skill: 'nope' }, { signal })).toMatchObject({
      isError: true,
      content: [{ text: '"skill" must be one of: code-review.' }],
    });
    expect(await tool.run({ skill: 'code-review' }, { signal })).toMatchObject({
      isError: true,
      content: [{ text: expect.stringContaining('digest mismatch') }],
    });
    const good = createSkillTool([REVIEW], async () => LOADED);
    expect(await good.run({ skill: 'code-review', file: 'skill://elsewhere' }, { signal })).toMatchObject({ isError: true });
  });
});
