import { describe, expect, it } from 'vitest';
import { compareFrontmatter, parseSkillDocument } from './frontmatter';
import { loadSkill } from './load-skill';
import { declaresSkills, nameFromUri, readSkillEntries } from './skill-entry';
import type { SkillEntry } from './skill-entry';
import { SkillError } from './skill-error';
import { sha256Digest, verifyFile } from './verify-file';

const encode = (text: string) => new TextEncoder().encode(text);
const MD = '---\nname: pdf-processing\ndescription: Extract, fill, and assemble PDF documents\n---\nSkill body.\n';
const FORMS = 'Supporting content.\n';

async function entryFor(
  files: Record<string, string>,
  frontmatter: Record<string, unknown> = { name: 'pdf-processing', description: 'Extract, fill, and assemble PDF documents' },
): Promise<SkillEntry> {
  return {
    uri: 'skill://pdf-processing/SKILL.md',
    name: 'pdf-processing',
    description: String(frontmatter.description),
    frontmatter,
    files: await Promise.all(
      Object.entries(files).map(async ([uri, text]) => ({ uri, digest: await sha256Digest(encode(text)), size: encode(text).length })),
    ),
  };
}

/** A reader serving `served` by URI, recording what was read. */
function reader(served: Record<string, string>) {
  const reads: string[] = [];
  return { reads, read: async (uri: string) => (reads.push(uri), [{ uri, mimeType: 'text/markdown', text: served[uri] ?? '' }]) };
}

describe('skill entries', () => {
  it('reads entries, names from the frontmatter or the URI, and says why one is left out', () => {
    const { entries, problems } = readSkillEntries([
      {
        uri: 'skill://a/SKILL.md',
        frontmatter: { name: 'a', description: 'd' },
        resources: [{ uri: 'skill://a/SKILL.md', digest: 'sha256:00', size: 3 }],
      },
      { uri: 'skill://acme/b/SKILL.md', frontmatter: {}, resources: 'dynamic' },
      { uri: 'skill://c/SKILL.md', frontmatter: { name: 'c' }, resources: [{ uri: 'skill://c/SKILL.md', digest: 'sha256:00' }] },
      { frontmatter: {} },
    ]);
    expect(entries.map((entry) => [entry.name, entry.description, entry.files === 'dynamic' ? 'dynamic' : entry.files.length])).toEqual([
      ['a', 'd', 1],
      ['b', '', 'dynamic'],
    ]);
    expect(problems).toEqual([
      'skill://c/SKILL.md lists a file without a string uri, a string digest and a byte size',
      'an entry has no uri',
    ]);
    expect(nameFromUri('skill://pdf-processing/SKILL.md')).toBe('pdf-processing');
    expect(declaresSkills({ extensions: { 'io.modelcontextprotocol/skills': {} } })).toBe(true);
    expect(declaresSkills({ resources: {} })).toBe(false);
  });
});

describe('verifyFile', () => {
  it('accepts the listed bytes and refuses a size or digest mismatch, naming file, expected and actual', async () => {
    const file = { uri: 'skill://x/SKILL.md', digest: await sha256Digest(encode('Skill body.')), size: 11 };
    await expect(verifyFile(file, encode('Skill body.'))).resolves.toBeUndefined();
    const evil = await sha256Digest(encode('Evil body!!'));
    await expect(verifyFile(file, encode('Evil body!!'))).rejects.toMatchObject({
      code: 'skill-digest-mismatch',
      file: file.uri,
      expected: file.digest,
      actual: evil,
    });
    await expect(verifyFile(file, encode('Skill body. more'))).rejects.toMatchObject({
      code: 'skill-size-mismatch',
      file: file.uri,
      expected: '11 bytes',
      actual: '16 bytes',
    });
    await expect(verifyFile({ ...file, digest: 'md5:abc' }, encode('Skill body.'))).rejects.toMatchObject({
      code: 'skill-digest-unsupported',
    });
    // The digest is of UTF-8 bytes: "é" is two.
    expect((await sha256Digest(encode('é'))).length).toBe('sha256:'.length + 64);
    const accented = await sha256Digest(encode('é'));
    await expect(verifyFile({ ...file, digest: accented, size: 1 }, encode('é'))).rejects.toMatchObject({ code: 'skill-size-mismatch' });
  });
});

describe('frontmatter', () => {
  it('parses the YAML block and compares it field by field', async () => {
    const document = await parseSkillDocument(`\uFEFF${MD}`, 'f');
    expect(document).toEqual({
      frontmatter: { name: 'pdf-processing', description: 'Extract, fill, and assemble PDF documents' },
      body: 'Skill body.\n',
    });
    expect(
      compareFrontmatter(
        { name: 'a', description: 'b', metadata: { x: [1] } },
        { name: 'a', description: 'c', metadata: { x: [1] }, extra: true },
      ),
    ).toEqual([
      { field: 'description', entry: '"b"', file: '"c"' },
      { field: 'extra', entry: undefined, file: 'true' },
    ]);
  });

  it('refuses a SKILL.md without a frontmatter block, with invalid YAML or duplicate keys', async () => {
    await expect(parseSkillDocument('# no frontmatter', 'f')).rejects.toMatchObject({ code: 'skill-frontmatter-invalid' });
    await expect(parseSkillDocument('---\nname: [\n---\n', 'f')).rejects.toMatchObject({ code: 'skill-frontmatter-invalid' });
    await expect(parseSkillDocument('---\nname: a\nname: b\n---\n', 'f')).rejects.toMatchObject({ code: 'skill-frontmatter-invalid' });
    await expect(parseSkillDocument('---\n- a\n---\n', 'f')).rejects.toMatchObject({ code: 'skill-frontmatter-invalid' });
  });
});

describe('loadSkill', () => {
  const SKILL = 'skill://pdf-processing/SKILL.md';
  const FORMS_URI = 'skill://pdf-processing/references/FORMS.md';

  it('reads SKILL.md first, then each file, every one verified', async () => {
    const entry = await entryFor({ [SKILL]: MD, [FORMS_URI]: FORMS });
    const { reads, read } = reader({ [SKILL]: MD, [FORMS_URI]: FORMS });
    const skill = await loadSkill(entry, read);
    expect(reads).toEqual([SKILL, FORMS_URI]);
    expect(skill.body).toBe('Skill body.\n');
    expect(skill.files.map((file) => [file.uri, file.size])).toEqual([
      [SKILL, MD.length],
      [FORMS_URI, FORMS.length],
    ]);
    expect(skill.digestsChecked).toBe(true);
  });

  it.each([
    ['digest', MD.replace('Skill body.', 'Evil body!!'), undefined, 'skill-digest-mismatch'],
    ['size', `${MD}extra bytes the entry did not account for\n`, undefined, 'skill-size-mismatch'],
    [
      'frontmatter',
      MD.replace('description: Extract, fill, and assemble PDF documents', 'description: Exfiltrate credentials'),
      'listed-as-served',
      'skill-frontmatter-mismatch',
    ],
  ])('refuses a SKILL.md failing %s verification without reading another file', async (_mode, served, listing, code) => {
    const entry = await entryFor({ [SKILL]: listing ? served : MD, [FORMS_URI]: FORMS });
    const { reads, read } = reader({ [SKILL]: served, [FORMS_URI]: FORMS });
    const refusal = await loadSkill(entry, read).catch((error: unknown) => error);
    expect(refusal).toBeInstanceOf(SkillError);
    expect(refusal).toMatchObject({ code, file: SKILL });
    expect(reads).toEqual([SKILL]);
  });

  it('names the frontmatter field that differs in the refusal', async () => {
    const served = MD.replace('description: Extract, fill, and assemble PDF documents', 'description: Exfiltrate credentials');
    const entry = await entryFor({ [SKILL]: served });
    const refusal = await loadSkill(entry, reader({ [SKILL]: served }).read).catch((error: unknown) => error);
    expect(refusal).toMatchObject({
      expected: 'description: "Extract, fill, and assemble PDF documents"',
      actual: 'description: "Exfiltrate credentials"',
    });
    expect((refusal as Error).message).toContain(
      'description: the entry has "Extract, fill, and assemble PDF documents", the file has "Exfiltrate credentials"',
    );
  });

  it('refuses a supporting file that fails, and an entry that does not list its SKILL.md', async () => {
    const entry = await entryFor({ [SKILL]: MD, [FORMS_URI]: FORMS });
    await expect(loadSkill(entry, reader({ [SKILL]: MD, [FORMS_URI]: `${FORMS}!` }).read)).rejects.toMatchObject({
      code: 'skill-size-mismatch',
      file: FORMS_URI,
    });
    const unlisted = await entryFor({ [FORMS_URI]: FORMS });
    const { reads, read } = reader({});
    await expect(loadSkill(unlisted, read)).rejects.toMatchObject({ code: 'skill-manifest-unlisted' });
    expect(reads).toEqual([]);
  });

  it('checks the frontmatter of a dynamic entry (no digest to check)', async () => {
    const entry: SkillEntry = { ...(await entryFor({})), files: 'dynamic' };
    const skill = await loadSkill(entry, reader({ [SKILL]: MD }).read);
    expect(skill.digestsChecked).toBe(false);
    await expect(loadSkill({ ...entry, frontmatter: { name: 'other' } }, reader({ [SKILL]: MD }).read)).rejects.toMatchObject({
      code: 'skill-frontmatter-mismatch',
    });
  });
});
