/**
 * The servers area's views that load on first use, not with the page's first chunk. The cards
 * draw them, and the tool list fetches them ahead once the page is idle.
 */
import { lazyNamed } from '../../ui/lazy-named';

// An opened tool's detail (schemas, the call form, output checks) loads the first time one is
// opened, or once the page is idle: the first screen only lists tools.
export const ToolDetail = lazyNamed(() => import('./tool-detail'), 'ToolDetail');
// A server's capabilities, drawn when asked for.
export const JsonView = lazyNamed(() => import('../../ui/json-view'), 'JsonView');
// Sign-in (OAuth) shows only on the cards of servers that ask for it.
export const ServerSignInSection = lazyNamed(() => import('./server-sign-in-section'), 'ServerSignInSection');
