/** The skills extension (SEP-2640) without the wire: entries, verification of files and frontmatter, loading. */
export { declaresSkills, nameFromUri, readSkillEntries, readSkillEntry, SKILLS_EXTENSION_ID } from './skill-entry';
export type { SkillEntry, SkillFile } from './skill-entry';
export { SkillError } from './skill-error';
export type { SkillErrorCode, SkillMismatch } from './skill-error';
export { compareFrontmatter, parseSkillDocument } from './frontmatter';
export type { FrontmatterDifference, SkillDocument } from './frontmatter';
export { sha256Digest, verifyFile } from './verify-file';
export { loadSkill } from './load-skill';
export type { LoadedSkill, LoadedSkillFile, ReadResource, SkillLoad } from './load-skill';
