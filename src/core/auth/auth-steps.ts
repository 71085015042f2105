/** The names of the sign-in flow's steps and how each ended, shared by the trace and the errors. */

/** The steps of the flow, in the order they usually run. */
export type AuthStepKind =
  'resource-metadata' | 'as-metadata' | 'migration' | 'registration' | 'authorize' | 'token' | 'refresh' | 'revoke' | 'dpop-proofs';

/** How a step ended; `running` until it does. */
export type AuthStepStatus = 'running' | 'ok' | 'failed' | 'skipped';
