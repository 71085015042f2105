import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const PAGES = ['README.md', ...readdirSync(join(ROOT, 'docs'))
  .filter((name) => name.endsWith('.md'))
  .map((name) => `docs/${name}`)];

/** The targets of a page's Markdown links and images (`[text](target)`), outside code blocks and code spans. */
function linkTargets(markdown: string): string[] {
  const prose = markdown.replace(/```[\s\S]*?```/g, '').replace(/`[^`\n]*`/g, '');
  return [...prose.matchAll(/\]\(([^)\s]+)(?:\s+"[^"]*")?\)/g)].map((match) => match[1] ?? '');
}

/** The anchors GitHub gives a page's headings: lower case, punctuation dropped, spaces as hyphens. */
function headingAnchors(markdown: string): Set<string> {
  const prose = markdown.replace(/```[\s\S]*?```/g, '');
  const anchors = new Set<string>();
  for (const [, heading] of prose.matchAll(/^#{1,6}\s+(.+?)\s*#*$/gm)) {
    const base = (heading ?? '')
      .toLowerCase()
      .replace(/[^\p{L}\p{N}\s_-]/gu, '')
      .replace(/\s/g, '-');
    let anchor = base;
    for (let n = 1; anchors.has(anchor); n++) anchor = `${base}-${n}`;
    anchors.add(anchor);
  }
  return anchors;
}

/** Each broken relative link of `page` (a path from the repository's root), as `page: target (why)`. */
function brokenLinks(page: string): string[] {
  const broken: string[] = [];
  for (const target of linkTargets(readFileSync(join(ROOT, page), 'utf8'))) {
    if (/^[a-z][a-z0-9+.-]*:/i.test(target)) continue; // https:, mailto:, …: not a file of ours
    const [path = '', anchor] = target.split('#');
    const file = path === '' ? join(ROOT, page) : join(ROOT, dirname(page), decodeURI(path));
    if (!existsSync(file)) {
      broken.push(`${page}: ${target} (no file ${relative(ROOT, file)})`);
      continue;
    }
    if (anchor !== undefined && file.endsWith('.md') && !headingAnchors(readFileSync(file, 'utf8')).has(anchor)) {
      broken.push(`${page}: ${target} (no heading #${anchor} in ${relative(ROOT, file)})`);
    }
  }
  return broken;
}

describe('links in README.md and docs/', () => {
  it('finds links and headings as GitHub renders them', () => {
    expect(linkTargets('See [a](docs/a.md#x-y), ![b](shot.png "t"), `[c](not-a-link)`.\n```\n[d](code)\n```')).toEqual([
      'docs/a.md#x-y',
      'shot.png',
    ]);
    expect([...headingAnchors('# Local servers (stdio): the bridge\n## Evals: does it?\n## Evals: does it?')]).toEqual([
      'local-servers-stdio-the-bridge',
      'evals-does-it',
      'evals-does-it-1',
    ]);
  });

  it.each(PAGES)('every relative link of %s resolves to a file (and a heading)', (page) => {
    expect(brokenLinks(page)).toEqual([]);
  });
});
