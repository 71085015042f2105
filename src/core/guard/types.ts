/** The shapes of core/guard: findings on the text a server gives the model. Plain data, JSON-safe. */

/** What a finding is about. */
export type GuardFindingKind = 'invisible-chars' | 'model-directed' | 'shadowing' | 'length';

/** Whose text a finding is in: a tool (by its name on the server), the server's instructions, a prompt, a resource or a skill. */
interface GuardSubject {
  type: 'tool' | 'instructions' | 'prompt' | 'resource' | 'skill';
  /** Tool or prompt name, resource URI (or name); `instructions` for the instructions. */
  name: string;
}

/** One hint that a server's text may be steering the model. A hint, not proof. */
export interface GuardFinding {
  kind: GuardFindingKind;
  /** The server the text came from. */
  server: string;
  subject: GuardSubject;
  /** Where in the subject, e.g. `description`, `inputSchema.properties.city.description`, `inputSchema.properties.unit.enum[1]`. */
  field: string;
  /** The span in the field's text, UTF-16 offsets, end exclusive. */
  start: number;
  end: number;
  /** The text of the span, exactly as sent (render it through escapeInvisible). */
  excerpt: string;
  /** Up to a few words on each side of the span, for context. */
  before: string;
  after: string;
  /** Why this was flagged, in plain words. */
  reason: string;
}

/** A text field scanned for findings. */
export interface GuardField {
  server: string;
  subject: GuardSubject;
  field: string;
  text: string;
  /** The field's role, which sets its usual length and which checks apply. */
  role: GuardFieldRole;
}

/** What a field is: the usual lengths differ. */
export type GuardFieldRole = 'description' | 'title' | 'parameter' | 'enum-label' | 'instructions';
