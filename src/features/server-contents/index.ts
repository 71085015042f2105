/** The server-contents feature: a connected server's resources (read, templates, subscriptions, attach), prompts (get, insert) and skills (load, verify, offer). */
export { ServerContents } from './server-contents';
export type { ServerContentsProps } from './server-contents';
export { contentsViewsOf } from './contents-state';
