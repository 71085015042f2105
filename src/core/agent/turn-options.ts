/**
 * The options a model request and a tool call take from a turn's services, in one place: the
 * conversation's loop and a turn replay send and call the same way.
 */
import type { ApprovalGate } from './approval-gate';
import type { CallModelOptions } from './call-model';
import type { ToolCallContext } from './execute-tool-call';
import type { TurnServices } from './session-services';
import { optional } from './session-services';

/** The parts of a model request's options that come from the services (clock, ids, retry pause, origin, offline check). */
export function modelCallOptions(
  services: TurnServices,
): Pick<CallModelOptions, 'now' | 'generateId' | 'sleep' | 'pageOrigin' | 'isOffline' | 'retryBaseMs'> {
  return {
    now: services.now,
    generateId: services.generateId,
    sleep: services.sleep,
    ...optional('pageOrigin', services.pageOrigin),
    ...optional('isOffline', services.isOffline),
    ...optional('retryBaseMs', services.retryBaseMs),
  };
}

/** A tool call's context: the registry, the person's policies and approval gate, the MCP side; `update` applies changes to its item. */
export function toolCallContext(
  services: TurnServices,
  approvals: ApprovalGate,
  signal: AbortSignal,
  update: ToolCallContext['update'],
): ToolCallContext {
  return {
    registry: services.registry,
    policies: services.policies,
    callMcpTool: services.callMcpTool,
    ...optional('timeoutFor', services.timeoutFor),
    ...optional('findingsFor', services.findingsFor),
    ...optional('maxResultChars', services.maxResultChars),
    signal,
    now: services.now,
    waitForApproval: (id, abortSignal) => approvals.wait(id, abortSignal),
    update,
  };
}
