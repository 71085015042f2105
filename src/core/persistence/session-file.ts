/**
 * The session file: one JSON document with everything needed to look at a session again —
 * the config (secrets stripped), the conversation (`AgentSession.exportData`, no API key), the
 * replays of its turns and the traffic log of both wires (redacted when it was recorded). `buildSessionFile` makes one,
 * `parseSessionFile` reads one back at a single boundary: the shape is checked, damaged parts
 * are dropped and listed as problems, and nothing throws.
 */
import { parseReplayData, parseSessionData, toReplayData, type AgentSessionData, type ReplayData } from '../agent';
import { stripSecrets } from '../config';
import type { TrafficLogData, TrafficSnapshot } from '../traffic/traffic-log';
import type { RpcMessageRecord } from '../traffic/types';
import { parseTrafficData } from './parse-traffic-data';
import { toStoredExchange, type StoredExchange } from './stored-bodies';
import { CodedError } from '../shared/coded-error';
import { PinBook, type ToolPin } from '../tools';

/** The `format` marker of a session file. */
const SESSION_FILE_FORMAT = 'glassbox-session';
/** The version this code writes (and the newest it reads). */
const SESSION_FILE_VERSION = 1;

/** A whole session, as exported. */
export interface SessionFile {
  format: typeof SESSION_FILE_FORMAT;
  version: typeof SESSION_FILE_VERSION;
  /** When it was exported, ISO 8601. */
  exportedAt: string;
  app: { version: string };
  /** The mcp.json text with header values, env values and credential query parameters emptied. */
  config: string;
  conversation: AgentSessionData;
  /** Exchanges as stored: a request body kept in shared parts is written once per piece (stored-bodies.ts). */
  traffic: { exchanges: StoredExchange[]; messages: RpcMessageRecord[] };
  /** The tool definitions the person had allowed (absent in files from before pins). */
  toolPins?: ToolPin[];
  /** The replays of the conversation's turns (`ReplayStore.exportData`; absent in files from before replays were kept). */
  replays?: ReplayData;
}

/** What buildSessionFile needs. */
export interface BuildSessionFileInput {
  /** The config text as the person has it; its secrets are stripped here. */
  configText: string;
  conversation: AgentSessionData;
  /** The traffic log's snapshot (only `exchangeCount`/`messageCount` records are taken) or plain data. */
  traffic: TrafficSnapshot | TrafficLogData;
  appVersion: string;
  /** Export time, epoch milliseconds. */
  now: number;
  /** The pinned tool definitions (PolicyStore's snapshot `pins`). */
  toolPins?: readonly ToolPin[];
  /** The replays (`ReplayStore.exportData`). */
  replays?: ReplayData;
}

/** Error codes of SessionFileError. */
export type SessionFileErrorCode = 'redaction-broke-json';

/** A session file that cannot be written safely. */
export class SessionFileError extends CodedError<SessionFileErrorCode> {
  override readonly name = 'SessionFileError';
}

/** Builds the file. A config whose secrets cannot be located (syntax errors) is left out, with a warning. */
export function buildSessionFile(input: BuildSessionFileInput): { file: SessionFile; warnings: string[] } {
  const warnings: string[] = [];
  let config = '';
  try {
    config = stripSecrets(input.configText);
  } catch {
    warnings.push('The config has JSON syntax errors, so its secrets could not be located: it was left out of the export.');
  }
  const { exchanges, messages } = input.traffic;
  const exchangeCount = 'exchangeCount' in input.traffic ? input.traffic.exchangeCount : exchanges.length;
  const messageCount = 'messageCount' in input.traffic ? input.traffic.messageCount : messages.length;
  return {
    file: {
      format: SESSION_FILE_FORMAT,
      version: SESSION_FILE_VERSION,
      exportedAt: new Date(input.now).toISOString(),
      app: { version: input.appVersion },
      config,
      conversation: input.conversation,
      traffic: { exchanges: exchanges.slice(0, exchangeCount).map(toStoredExchange), messages: messages.slice(0, messageCount) },
      ...(input.toolPins ? { toolPins: input.toolPins.map((pin) => ({ ...pin })) } : {}),
      ...(input.replays ? { replays: input.replays } : {}),
    },
    warnings,
  };
}

/**
 * The file's text. `redact` (e.g. `SecretRegistry.redact`) is a last guard that replaces any
 * known secret still present; throws SessionFileError when that would make the JSON invalid.
 */
export function serializeSessionFile(file: SessionFile, redact?: (text: string) => string): string {
  return redactSerialized(JSON.stringify(file, null, 1), redact, () => {
    throw new SessionFileError(
      'redaction-broke-json',
      'A secret could not be removed from the export without breaking it; nothing was exported.',
    );
  });
}

/**
 * A file's JSON text after `redact`, the last guard that replaces any known secret still present
 * (the session file's and the repro's); `broken` throws when the replacement left invalid JSON.
 */
export function redactSerialized(text: string, redact: ((text: string) => string) | undefined, broken: () => never): string {
  if (!redact) return text;
  const redacted = redact(text);
  if (redacted === text) return text;
  try {
    JSON.parse(redacted);
  } catch {
    broken();
  }
  return redacted;
}

/** `2026-05-01-143005`: a file name's time, in local time. */
export function fileNameTime(epochMs: number): string {
  const date = new Date(epochMs);
  const pad = (value: number) => String(value).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}-${pad(date.getHours())}${pad(date.getMinutes())}${pad(date.getSeconds())}`;
}

/** `glassbox-session-2026-05-01-143005.json`, in local time. */
export function sessionFileName(epochMs: number): string {
  return `glassbox-session-${fileNameTime(epochMs)}.json`;
}

/** The outcome of reading a file: the file (absent when unusable) and every problem found. */
export interface ParsedSessionFile {
  file?: SessionFile;
  problems: string[];
}

/** Reads a session file's text; see the file comment. Exchanges saved mid-flight are marked aborted. */
export function parseSessionFile(text: string): ParsedSessionFile {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    return { problems: [`The file is not valid JSON (${error instanceof Error ? error.message : String(error)}).`] };
  }
  return parseSessionValue(value);
}

/** Reads a session file already parsed as JSON (e.g. the session inside a repro file); see parseSessionFile. */
export function parseSessionValue(value: unknown): ParsedSessionFile {
  if (typeof value !== 'object' || value === null || Array.isArray(value))
    return { problems: ['The file is not a Glassbox session: it is not a JSON object.'] };
  const raw = value as Record<string, unknown>;
  if (raw['format'] !== SESSION_FILE_FORMAT)
    return {
      problems: [
        `The file is not a Glassbox session: its "format" is ${JSON.stringify(raw['format'] ?? null)}, expected "${SESSION_FILE_FORMAT}".`,
      ],
    };
  if (raw['version'] !== SESSION_FILE_VERSION) {
    return {
      problems: [
        `The session file has version ${JSON.stringify(raw['version'] ?? null)}; this Glassbox reads version ${SESSION_FILE_VERSION}.`,
      ],
    };
  }

  const problems: string[] = [];
  let exportedAt = typeof raw['exportedAt'] === 'string' ? raw['exportedAt'] : '';
  if (exportedAt === '' || Number.isNaN(Date.parse(exportedAt))) {
    problems.push('The export date is missing or not a date.');
    exportedAt = '';
  }
  const app = raw['app'];
  const appVersion =
    typeof app === 'object' && app !== null && typeof (app as { version?: unknown }).version === 'string'
      ? (app as { version: string }).version
      : 'unknown';
  let config = '';
  if (typeof raw['config'] === 'string') config = raw['config'];
  else if (raw['config'] !== undefined) problems.push('The config is not text; it was left out.');

  const conversation = parseSessionData(raw['conversation']);
  problems.push(...conversation.problems.map((problem) => `Conversation: ${problem}`));
  const traffic = parseTrafficData(raw['traffic'] ?? { exchanges: [], messages: [] }, { settleInterrupted: true });
  problems.push(...traffic.problems.map((problem) => `Traffic: ${problem}`));

  // Pins are read like stored ones: shape checked, hashes recomputed from the definitions.
  const pinBook = new PinBook();
  const skippedPins = raw['toolPins'] === undefined ? 0 : pinBook.restore(raw['toolPins']);
  if (skippedPins > 0)
    problems.push(`${skippedPins} pinned tool definition${skippedPins === 1 ? ' was' : 's were'} not understood and left out.`);
  // Replays, like pins, are read only when the file has them (older files do not).
  const replays = raw['replays'] === undefined ? undefined : parseReplayData(raw['replays']);
  problems.push(...(replays?.problems ?? []).map((problem) => `Replays: ${problem}`));
  return {
    file: {
      format: SESSION_FILE_FORMAT,
      version: SESSION_FILE_VERSION,
      exportedAt,
      app: { version: appVersion },
      config,
      conversation: conversation.data ?? emptyConversation(),
      traffic: traffic.data,
      ...(raw['toolPins'] !== undefined ? { toolPins: pinBook.allPins() } : {}),
      ...(replays ? { replays: toReplayData(replays.replays) } : {}),
    },
    problems,
  };
}

/** An empty conversation, for a file whose conversation could not be read. */
function emptyConversation(): AgentSessionData {
  const parsed = parseSessionData({ version: 1, settings: {}, items: [], history: [], timelines: [], turn: 0, requests: [] });
  // parseSessionData always returns data for this input.
  return parsed.data as AgentSessionData;
}
