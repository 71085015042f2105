/**
 * core/apps: the host side of MCP Apps that needs no DOM: the view's document and its CSP, the
 * bridge channel (recorded, rate-limited, methods checked), the bridge log, the model context
 * views hand to the next model request, and what views ask the person (a tool call decided by the policy).
 */
export { buildViewDocument, buildViewPolicy, CSP_VIOLATION_MESSAGE, type ViewPolicy } from './view-document';
export { BRIDGE_NOTIFY_MS, BridgeLog, MAX_BRIDGE_ENTRIES, type BridgeDirection, type BridgeEntry, type BridgeSnapshot } from './bridge-log';
export {
  BridgeChannel,
  DEFAULT_RATE_LIMIT,
  DROP_REPORT_MS,
  METHOD_NOT_FOUND,
  VIEW_REQUESTS,
  type BridgeChannelOptions,
  type RateLimit,
} from './bridge-channel';
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
