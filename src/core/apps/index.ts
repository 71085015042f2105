/**
 * core/apps: the host side of MCP Apps that needs no DOM: the view's document and its CSP, the
 * view channel (recorded, rate-limited, methods checked), the view log, the model context
 * views hand to the next model request, and what views ask the person (a tool call decided by the policy).
 */
export { buildViewDocument, buildViewPolicy, CSP_VIOLATION_MESSAGE, type ViewPolicy } from './view-document';
export { VIEW_LOG_NOTIFY_MS, ViewLog, MAX_VIEW_LOG_ENTRIES, type ViewDirection, type ViewLogEntry, type ViewLogSnapshot } from './view-log';
export {
  ViewChannel,
  DEFAULT_RATE_LIMIT,
  DROP_REPORT_MS,
  METHOD_NOT_FOUND,
  VIEW_REQUESTS,
  type ViewChannelOptions,
  type RateLimit,
} from './view-channel';
export { AppContextStore, type AppContextEntry } from './app-context';
export {
  frameAllowAttribute,
  grantedCapability,
  readPermissionAsk,
  VIEW_PERMISSION_FEATURES,
  type PermissionAsk,
  type ViewPermission,
} from './permissions';
export {
  decideViewToolCall,
  ViewConsentQueue,
  type ViewAnswer,
  type ViewQuestion,
  type ViewToolCall,
  type ViewToolDecision,
  type ViewToolPolicies,
  type WaitingQuestion,
} from './view-consent';
