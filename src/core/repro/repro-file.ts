/**
 * The repro file (`*.glassbox-repro.json`): one JSON document anyone can open on the static site,
 * with no server and no key — the session as the session file holds it (config without secrets,
 * the conversation, both wires' traffic, replays), and the mocks of its servers made from that same
 * recording (core/mock), so its turns can be replayed with the MCP side answered as recorded.
 *
 * Secrets are scanned out before it is written, with the same policy as the session file, HAR and
 * share links: the config's secrets are stripped (`stripSecrets`), every recorded header and URL
 * passes the secret policy again (`redactHeaders`, `redactUrl`: a file read from elsewhere may
 * carry what this page's recorder would have redacted), and the known secret values (the API key,
 * configured header values, tokens) are replaced wherever they occur as a last guard.
 */
import {
  buildSessionFile,
  fileNameTime,
  parseSessionValue,
  redactSerialized,
  type BuildSessionFileInput,
  type SessionFile,
} from '../persistence';
import type { McpMock } from '../mock';
import { redactUrl } from '../secrets';
import { CodedError } from '../shared/coded-error';
import { redactHeaders } from '../traffic';

/** The `format` marker of a repro file. */
const REPRO_FILE_FORMAT = 'glassbox-repro';
/** The version this code writes (and the newest it reads). */
const REPRO_FILE_VERSION = 1;

/** A mock of one server, as core/mock writes it (read again with `parseMock` before it is served). */
export type ReproMock = McpMock | Record<string, unknown>;

/** A repro: a session and the mocks of its servers. */
interface ReproFile {
  format: typeof REPRO_FILE_FORMAT;
  version: typeof REPRO_FILE_VERSION;
  /** When it was written, ISO 8601. */
  exportedAt: string;
  app: { version: string };
  /** The session, exactly as a session file holds it (config without secrets, conversation, both wires). */
  session: SessionFile;
  /** The mocks of the session's servers, made from the session's own traffic. */
  mocks: ReproMock[];
}

/** What buildReproFile needs: the session file's input and the mocks. */
export interface BuildReproFileInput extends BuildSessionFileInput {
  mocks: readonly ReproMock[];
}

/** Builds the file; warnings are the session file's (e.g. a config left out). */
export function buildReproFile(input: BuildReproFileInput): { file: ReproFile; warnings: string[] } {
  const { mocks, ...sessionInput } = input;
  const { file: session, warnings } = buildSessionFile(sessionInput);
  const scrubbed: SessionFile = {
    ...session,
    traffic: {
      ...session.traffic,
      exchanges: session.traffic.exchanges.map((exchange) => ({
        ...exchange,
        url: redactUrl(exchange.url),
        requestHeaders: redactHeaders(exchange.requestHeaders),
        ...(exchange.responseHeaders ? { responseHeaders: redactHeaders(exchange.responseHeaders) } : {}),
      })),
    },
  };
  return {
    file: {
      format: REPRO_FILE_FORMAT,
      version: REPRO_FILE_VERSION,
      exportedAt: session.exportedAt,
      app: session.app,
      session: scrubbed,
      mocks: [...mocks],
    },
    warnings,
  };
}

/** Error codes of ReproFileError. */
type ReproFileErrorCode = 'redaction-broke-json';

/** A repro file that cannot be written safely. */
class ReproFileError extends CodedError<ReproFileErrorCode> {
  override readonly name = 'ReproFileError';
}

/**
 * The file's text. `redact` (e.g. `SecretRegistry.redact`) is the last guard that replaces any
 * known secret still present; throws ReproFileError when that would break the JSON.
 */
export function serializeReproFile(file: ReproFile, redact?: (text: string) => string): string {
  // Without indentation: a repro of a long session is tens of MB, read whole when it is opened.
  return redactSerialized(JSON.stringify(file), redact, () => {
    throw new ReproFileError(
      'redaction-broke-json',
      'A secret could not be removed from the repro without breaking it; nothing was written.',
    );
  });
}

/** `glassbox-2026-05-01-143005.glassbox-repro.json`, in local time. */
export function reproFileName(epochMs: number): string {
  return `glassbox-${fileNameTime(epochMs)}.glassbox-repro.json`;
}

/** A file opened from the page: a session file or a repro (its session and mocks). */
interface OpenedFile {
  kind: 'session' | 'repro';
  /** Absent when the file is unusable (then `problems` says why). */
  session?: SessionFile;
  /** The repro's mocks (empty for a session file). */
  mocks: ReproMock[];
  problems: string[];
}

/**
 * Reads a file the person opened (drag and drop or the open menu): a repro file or a session
 * file, told apart by its `format`. Nothing throws; damaged parts are listed as problems.
 */
export function parseOpenedFile(text: string): OpenedFile {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    return {
      kind: 'session',
      mocks: [],
      problems: [`The file is not valid JSON (${error instanceof Error ? error.message : String(error)}).`],
    };
  }
  const raw = typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : undefined;
  if (raw?.['format'] !== REPRO_FILE_FORMAT) {
    const parsed = parseSessionValue(value);
    return { kind: 'session', mocks: [], problems: parsed.problems, ...(parsed.file ? { session: parsed.file } : {}) };
  }
  if (raw['version'] !== REPRO_FILE_VERSION)
    return {
      kind: 'repro',
      mocks: [],
      problems: [
        `The repro file has version ${JSON.stringify(raw['version'] ?? null)}; this Glassbox reads version ${REPRO_FILE_VERSION}.`,
      ],
    };
  if (raw['session'] === undefined) return { kind: 'repro', mocks: [], problems: ['The repro file has no "session".'] };
  const parsed = parseSessionValue(raw['session']);
  const problems = parsed.problems.map((problem) => `Session: ${problem}`);
  const mocks: ReproMock[] = [];
  const rawMocks = raw['mocks'];
  if (!Array.isArray(rawMocks)) problems.push('The repro file has no "mocks" list: its turns cannot be replayed with mocks.');
  else
    rawMocks.forEach((mock, index) => {
      if (typeof mock === 'object' && mock !== null && !Array.isArray(mock)) mocks.push(mock as ReproMock);
      else problems.push(`Mock ${index + 1} is not an object; it was left out.`);
    });
  return { kind: 'repro', mocks, problems, ...(parsed.file ? { session: parsed.file } : {}) };
}
