/** The part of the agent session the chat feature uses (an `AgentSession` fits it). */
import type { AgentSession } from '../../core/agent';

/** What the chat, the settings bar and the timeline need from the agent session. */
export type ChatSession = Pick<
  AgentSession,
  | 'subscribe'
  | 'getSnapshot'
  | 'getApiKey'
  | 'setSettings'
  | 'send'
  | 'stop'
  | 'retry'
  | 'continueTurn'
  | 'approve'
  | 'deny'
  | 'removeAttachment'
>;
