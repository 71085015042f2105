/**
 * core/apps: the host side of MCP Apps that needs no DOM: the view's document and its CSP, the
 * view channel (recorded, rate-limited, methods checked), the view log, the model context
 * views hand to the next model request, and what views ask the person (a tool call decided by the policy).
 */
export { buildViewDocument } from './view-document';
export { ViewLog, type ViewLogEntry } from './view-log';
export { ViewChannel } from './view-channel';
export { AppContextStore } from './app-context';
export { frameAllowAttribute, grantedCapability, readPermissionAsk, type ViewPermission } from './permissions';
export { decideViewToolCall, ViewConsentQueue, type ViewAnswer, type ViewQuestion, type WaitingQuestion } from './view-consent';
