/**
 * Skill entries (the `io.modelcontextprotocol/skills` extension, SEP-2640) read from untrusted
 * `skills/list` and `skills/get` answers: `{ uri, frontmatter: { name, description, … },
 * resources: [{ uri, digest: "sha256:<hex>", size }] | "dynamic" }`. The entry's `uri` is its
 * SKILL.md; every file, SKILL.md included, is read with `resources/read` and checked against its line.
 */
import { isPlainObject } from '../../shared/json';

/** The extension's id, declared under `capabilities.extensions` by server and client. */
export const SKILLS_EXTENSION_ID = 'io.modelcontextprotocol/skills';

/** One file of a skill as its entry lists it. */
export interface SkillFile {
  uri: string;
  /** `sha256:<hex>` of the file's bytes. */
  digest: string;
  /** The file's length in bytes. */
  size: number;
}

/** One skill as the server lists it (nothing of it has been read yet). */
export interface SkillEntry {
  /** The skill's SKILL.md URI, e.g. `skill://pdf-processing/SKILL.md`. */
  uri: string;
  /** `frontmatter.name`, else the URI's last directory. */
  name: string;
  /** `frontmatter.description` (empty when the entry has none). */
  description: string;
  /** The entry's frontmatter as sent: SKILL.md's own must equal it field by field. */
  frontmatter: Record<string, unknown>;
  /** The listed files, or `dynamic` when the server lists none up front (only SKILL.md is known). */
  files: readonly SkillFile[] | 'dynamic';
}

/** True when a server's capabilities declare the skills extension. */
export function declaresSkills(capabilities: Record<string, unknown> | undefined): boolean {
  const extensions = capabilities?.['extensions'];
  return isPlainObject(extensions) && extensions[SKILLS_EXTENSION_ID] !== undefined;
}

/** The skill name a SKILL.md URI carries: its last directory (`skill://a/b/SKILL.md` → `b`). */
export function nameFromUri(uri: string): string {
  const segments = uri
    .replace(/^[a-z][a-z0-9+.-]*:\/\//i, '')
    .split('/')
    .filter((segment) => segment !== '');
  return segments.at(-2) ?? segments.at(-1) ?? uri;
}

function readFile(value: unknown): SkillFile | undefined {
  if (!isPlainObject(value) || typeof value.uri !== 'string' || typeof value.digest !== 'string') return undefined;
  if (typeof value.size !== 'number' || !Number.isSafeInteger(value.size) || value.size < 0) return undefined;
  return { uri: value.uri, digest: value.digest, size: value.size };
}

/** One entry, or a sentence saying why it cannot be used. */
export function readSkillEntry(value: unknown): SkillEntry | string {
  if (!isPlainObject(value) || typeof value.uri !== 'string' || value.uri === '') return 'an entry has no uri';
  const uri = value.uri;
  if (!isPlainObject(value.frontmatter)) return `${uri} has no frontmatter object`;
  const frontmatter = value.frontmatter;
  let files: SkillFile[] | 'dynamic';
  if (value.resources === 'dynamic') files = 'dynamic';
  else if (Array.isArray(value.resources)) {
    files = [];
    for (const item of value.resources) {
      const file = readFile(item);
      if (!file) return `${uri} lists a file without a string uri, a string digest and a byte size`;
      files.push(file);
    }
  } else return `${uri} has resources that are neither a list nor "dynamic"`;
  const name = typeof frontmatter.name === 'string' && frontmatter.name !== '' ? frontmatter.name : nameFromUri(uri);
  const description = typeof frontmatter.description === 'string' ? frontmatter.description : '';
  return { uri, name, description, frontmatter, files };
}

/** The usable entries of a listing, and a sentence for each one left out. */
export function readSkillEntries(values: readonly unknown[]): { entries: SkillEntry[]; problems: string[] } {
  const entries: SkillEntry[] = [];
  const problems: string[] = [];
  for (const value of values) {
    const read = readSkillEntry(value);
    if (typeof read === 'string') problems.push(read);
    else entries.push(read);
  }
  return { entries, problems };
}
