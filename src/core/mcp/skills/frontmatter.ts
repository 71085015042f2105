/**
 * SKILL.md's YAML frontmatter: the `---` block at the very top, parsed with `yaml` (YAML 1.2 core
 * schema, duplicate keys refused), then compared field by field with the entry's frontmatter.
 * The parser is loaded on first use, so the page loads it only when a skill is opened.
 */
import { isPlainObject } from '../../shared/json';
import { SkillError } from './skill-error';

/** The frontmatter block: `---` line, YAML, `---` line (a BOM and CRLF line ends allowed). */
const BLOCK = /^---\r?\n([\s\S]*?)\r?\n---[ \t]*(?:\r?\n|$)/;

/** SKILL.md split into its parsed frontmatter and the body after it. */
export interface SkillDocument {
  frontmatter: Record<string, unknown>;
  body: string;
}

/** Parses SKILL.md's frontmatter (`file` names it in a refusal). */
export async function parseSkillDocument(text: string, file: string): Promise<SkillDocument> {
  const unmarked = text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
  const match = BLOCK.exec(unmarked);
  if (!match)
    throw new SkillError('skill-frontmatter-invalid', `${file} does not begin with a --- delimited YAML frontmatter block.`, { file });
  const { parse } = await import('yaml');
  let parsed: unknown;
  try {
    parsed = parse(match[1] ?? '', { schema: 'core', uniqueKeys: true, maxAliasCount: 0 });
  } catch (error) {
    throw new SkillError(
      'skill-frontmatter-invalid',
      `${file}: its frontmatter is not valid YAML (${error instanceof Error ? error.message.split('\n')[0] : String(error)}).`,
      { file },
    );
  }
  if (!isPlainObject(parsed))
    throw new SkillError('skill-frontmatter-invalid', `${file}: its frontmatter is not a YAML mapping of fields.`, { file });
  return { frontmatter: parsed, body: unmarked.slice(match[0].length) };
}

/** True when two JSON-like values are equal in content (key order ignored). */
function sameValue(a: unknown, b: unknown): boolean {
  if (Object.is(a, b)) return true;
  if (Array.isArray(a) || Array.isArray(b)) {
    return Array.isArray(a) && Array.isArray(b) && a.length === b.length && a.every((item, index) => sameValue(item, b[index]));
  }
  if (isPlainObject(a) && isPlainObject(b)) {
    const keys = new Set([...Object.keys(a), ...Object.keys(b)]);
    return [...keys].every((key) => key in a && key in b && sameValue(a[key], b[key]));
  }
  return false;
}

/** One field whose values differ: the entry's and the file's, as JSON (`undefined` when absent). */
export interface FrontmatterDifference {
  field: string;
  entry: string | undefined;
  file: string | undefined;
}

/** The fields where the file's frontmatter differs from the entry's, in the entry's order first. */
export function compareFrontmatter(entry: Record<string, unknown>, file: Record<string, unknown>): FrontmatterDifference[] {
  const fields = [...new Set([...Object.keys(entry), ...Object.keys(file)])];
  return fields
    .filter((field) => !(field in entry && field in file && sameValue(entry[field], file[field])))
    .map((field) => ({
      field,
      entry: field in entry ? JSON.stringify(entry[field]) : undefined,
      file: field in file ? JSON.stringify(file[field]) : undefined,
    }));
}

/** Refuses SKILL.md when its frontmatter differs from the entry's; the message names each field. */
export function checkFrontmatter(entry: Record<string, unknown>, document: SkillDocument, file: string): void {
  const differences = compareFrontmatter(entry, document.frontmatter);
  if (differences.length === 0) return;
  const first = differences[0];
  const listed = differences
    .map(
      (difference) =>
        `${difference.field}: the entry has ${difference.entry ?? '(nothing)'}, the file has ${difference.file ?? '(nothing)'}`,
    )
    .join('; ');
  throw new SkillError('skill-frontmatter-mismatch', `${file}: its frontmatter differs from the skill's entry (${listed}).`, {
    file,
    ...(first?.entry !== undefined && { expected: `${first.field}: ${first.entry}` }),
    ...(first?.file !== undefined && { actual: `${first.field}: ${first.file}` }),
  });
}
