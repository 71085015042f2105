/**
 * Loading one skill: its files are read only now (never on connect or listing), SKILL.md first.
 * Each file is verified against its entry line (size, digest) and SKILL.md's frontmatter against
 * the entry's; the first mismatch refuses the whole skill and nothing after it is read, so
 * unverified content is never used.
 */
import type { McpResourceContent } from '../connection-state';
import { checkFrontmatter, parseSkillDocument } from './frontmatter';
import { SkillError } from './skill-error';
import type { SkillErrorCode } from './skill-error';
import type { SkillEntry, SkillFile } from './skill-entry';
import { contentBytes, verifyFile } from './verify-file';

/** One verified file of a loaded skill. */
interface LoadedSkillFile {
  uri: string;
  size: number;
  mimeType?: string;
  /** Its text (a file read as a blob keeps only its size here). */
  text?: string;
}

/** A skill whose files all matched its entry. */
export interface LoadedSkill {
  entry: SkillEntry;
  /** SKILL.md after its frontmatter: the instructions the model reads. */
  body: string;
  /** Every file read, SKILL.md first. */
  files: LoadedSkillFile[];
  /** False for a `dynamic` entry: SKILL.md had no size or digest to check (its frontmatter was checked). */
  digestsChecked: boolean;
}

/** Reads one resource (`resources/read`). */
export type ReadResource = (uri: string) => Promise<McpResourceContent[]>;

/** The content of `uri` among a read's contents (the one with that URI, else the only one). */
function pick(contents: readonly McpResourceContent[], uri: string): McpResourceContent {
  const content = contents.find((item) => item.uri === uri) ?? (contents.length === 1 ? contents[0] : undefined);
  if (!content)
    throw new SkillError('skill-file-missing', `${uri}: the server's answer to resources/read held no content for this file.`, {
      file: uri,
    });
  return content;
}

/** Reads and verifies one listed file. */
async function readVerified(file: SkillFile, read: ReadResource): Promise<{ content: McpResourceContent; text?: string }> {
  const content = pick(await read(file.uri), file.uri);
  const bytes = contentBytes(content);
  if (!bytes)
    throw new SkillError('skill-file-missing', `${file.uri}: the server sent neither text nor blob for this file.`, { file: file.uri });
  await verifyFile(file, bytes);
  return { content, ...(content.text !== undefined && { text: content.text }) };
}

function loadedFile(uri: string, size: number, content: McpResourceContent, text: string | undefined): LoadedSkillFile {
  return { uri, size, ...(content.mimeType !== undefined && { mimeType: content.mimeType }), ...(text !== undefined && { text }) };
}

/** Loads `entry`: reads SKILL.md, then each other listed file, verifying each before the next read. */
export async function loadSkill(entry: SkillEntry, read: ReadResource): Promise<LoadedSkill> {
  if (entry.files === 'dynamic') {
    const content = pick(await read(entry.uri), entry.uri);
    const text = content.text ?? '';
    const document = await parseSkillDocument(text, entry.uri);
    checkFrontmatter(entry.frontmatter, document, entry.uri);
    return {
      entry,
      body: document.body,
      files: [loadedFile(entry.uri, new TextEncoder().encode(text).length, content, text)],
      digestsChecked: false,
    };
  }
  const manifest = entry.files.find((file) => file.uri === entry.uri);
  if (!manifest)
    throw new SkillError(
      'skill-manifest-unlisted',
      `${entry.uri}: the skill's entry does not list its own SKILL.md among its files, so it cannot be verified.`,
      { file: entry.uri },
    );
  const first = await readVerified(manifest, read);
  const document = await parseSkillDocument(first.text ?? '', manifest.uri);
  checkFrontmatter(entry.frontmatter, document, manifest.uri);
  const files = [loadedFile(manifest.uri, manifest.size, first.content, first.text)];
  for (const file of entry.files) {
    if (file === manifest) continue;
    const verified = await readVerified(file, read);
    files.push(loadedFile(file.uri, file.size, verified.content, verified.text));
  }
  return { entry, body: document.body, files, digestsChecked: true };
}

/** A skill opened on a connection: being read, loaded (every check passed), refused (a mismatch), or failed (the reads). */
export type SkillLoad =
  | { status: 'loading' }
  | { status: 'loaded'; skill: LoadedSkill }
  | { status: 'refused'; error: { code: SkillErrorCode; message: string; file: string; expected?: string; actual?: string } }
  | { status: 'failed'; message: string };
