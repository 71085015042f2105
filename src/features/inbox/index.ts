/** features/inbox: the cards that answer a server's own requests (sampling, elicitation), the roots and sampling settings. */
export { InboxCards } from './inbox-cards';
export { RootsEditor } from './roots-editor';
