/**
 * Opens a file the person chose or dropped: a repro file or a session file (core/repro tells them
 * apart), into a read-only view. Loaded on demand, with the repro code.
 */
import { parseOpenedFile } from '../../core/repro';
import { createImportedView, type ImportedView } from './imported-view';

/** The view of the file's text, or the reasons it could not be opened. */
export function openFileText(text: string, fileName: string): { view?: ImportedView; problems: string[] } {
  const opened = parseOpenedFile(text);
  if (!opened.session) return { problems: opened.problems };
  return {
    view: createImportedView(opened.session, fileName, opened.problems, opened.kind === 'repro' ? opened.mocks : undefined),
    problems: opened.problems,
  };
}
