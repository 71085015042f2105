/** core/conversation: the neutral conversation that agent, providers and tools all share. */
export type {
  ConversionWarning,
  ModelToolResult,
  NeutralMessage,
  NeutralPart,
  NeutralRequest,
  NeutralResponse,
  NeutralStopReason,
  NeutralToolDefinition,
  NeutralUsage,
  StreamEvent,
} from './types';
