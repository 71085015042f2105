/** The server-contents feature: a connected server's resources (read, templates, subscriptions, attach) and prompts (get, insert). */
export { ServerContents } from './server-contents';
export type { ServerContentsProps } from './server-contents';
