/** core/inbox: the servers' own requests (sampling, elicitation, roots) answered through the person, the roots list and the sampling policies. */
export type { SamplingModel, SamplingModelSettings } from './ask-model';
export { Inbox, MAX_INBOX_ITEMS } from './inbox';
export type { InboxOptions } from './inbox';
export { INVALID_PARAMS_CODE, ServerRequestRefusal, USER_REJECTED_CODE } from './inbox-error';
export type {
  ElicitationItem,
  ElicitationStatus,
  InboxItem,
  InboxSnapshot,
  RefusedItem,
  RootsItem,
  SamplingItem,
  SamplingReply,
  SamplingStatus,
} from './inbox-types';
export { rootProblem, ROOTS_STORAGE_KEY, RootsStore } from './roots-store';
export type { RootsSnapshot } from './roots-store';
export { SAMPLING_POLICY_STORAGE_KEY, SamplingPolicyStore } from './sampling-policy';
export { decideToolUse, gateToolUses, hasPendingToolUse, isAllowed, refusedToolUseNote, resultToReturn } from './sampling-tool-gate';
export type { SamplingToolPolicies, SamplingToolUse, SamplingToolUseDecision } from './sampling-tool-gate';
export type { SamplingPolicy } from './sampling-policy';
