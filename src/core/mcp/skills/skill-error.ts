/** The one error of a skill that cannot be used: a coded refusal naming the file and what differed. */
import { CodedError } from '../../shared/coded-error';

/**
 * Why a skill was refused or could not be loaded:
 * - `skill-size-mismatch`, `skill-digest-mismatch`: a file's bytes differ from its entry (`expected` / `actual`);
 * - `skill-frontmatter-mismatch`: SKILL.md's frontmatter differs from the entry's, field by field;
 * - `skill-frontmatter-invalid`: SKILL.md has no YAML frontmatter block, or it is not a YAML mapping;
 * - `skill-digest-unsupported`: the entry's digest is not `sha256:<64 hex digits>`;
 * - `skill-file-missing`: a read answered without the file's content;
 * - `skill-manifest-unlisted`: the entry's own SKILL.md is not among its listed files;
 * - `skill-not-found`: no skill with that URI on the server.
 */
export type SkillErrorCode =
  | 'skill-size-mismatch'
  | 'skill-digest-mismatch'
  | 'skill-frontmatter-mismatch'
  | 'skill-frontmatter-invalid'
  | 'skill-digest-unsupported'
  | 'skill-file-missing'
  | 'skill-manifest-unlisted'
  | 'skill-not-found';

/** What a refusal names: the file, and the entry's value beside the one received. */
export interface SkillMismatch {
  file: string;
  expected?: string;
  actual?: string;
}

/** A skill refused (verification failed) or not loadable; `code` says which. */
export class SkillError extends CodedError<SkillErrorCode> {
  readonly file: string;
  readonly expected: string | undefined;
  readonly actual: string | undefined;

  constructor(code: SkillErrorCode, message: string, mismatch: SkillMismatch) {
    super(code, message);
    this.name = 'SkillError';
    this.file = mismatch.file;
    this.expected = mismatch.expected;
    this.actual = mismatch.actual;
  }
}
