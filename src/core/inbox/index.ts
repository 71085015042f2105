/** core/inbox: the servers' own requests (sampling, elicitation, roots) answered through the person, the roots list and the sampling policies. */
export type { SamplingModelSettings } from './ask-model';
export { Inbox } from './inbox';
export type { ElicitationItem, InboxItem, SamplingItem } from './inbox-types';
export { rootProblem, RootsStore } from './roots-store';
export { SamplingPolicyStore } from './sampling-policy';
export { hasPendingToolUse, isAllowed, refusedToolUseNote } from './sampling-tool-gate';
export type { SamplingToolUseDecision } from './sampling-tool-gate';
export type { SamplingPolicy } from './sampling-policy';
