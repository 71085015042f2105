/** Session actions: new session, export and import of a whole session, the read-only view of an import. */
export { SessionMenu } from './session-menu';
export { ProblemsNotice } from './problems-notice';
export { type ImportedView } from './imported-view';
export { ReadOnlyFrame } from './read-only-frame';
