/** Session actions: new session, export and import of a whole session, the read-only view of an import. */
export { SessionMenu, type SessionMenuProps } from './session-menu';
export { ProblemsNotice, type ProblemsNoticeProps } from './problems-notice';
export { createImportedView, ReadOnlyError, type ImportedView, type ReadOnlyErrorCode } from './imported-view';
export { downloadSessionFile, type ExportSource } from './export-session';
export { saveStateOf, type SaveState } from './save-state';
export { ReadOnlyFrame } from './read-only-frame';
