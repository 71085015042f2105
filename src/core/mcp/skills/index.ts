/** The skills extension (SEP-2640) without the wire: entries, verification of files and frontmatter, loading. */
export type { SkillEntry } from './skill-entry';
export { SkillError } from './skill-error';
export type { LoadedSkill, SkillLoad } from './load-skill';
