/**
 * The replays as they are saved with the session (IndexedDB) and carried by a session file:
 * `toReplayData` makes the stored form, `parseReplayData` reads it back at one boundary
 * (untrusted: storage or a file) — shapes checked, damaged replays dropped and listed, a replay
 * saved while it ran marked stopped, since nothing can resume it.
 *
 * The stored form is small: the requests each side sent are model-wire exchange ids (their
 * bodies live once, in the traffic log), and a replayed call keeps no result — a recorded one is
 * referenced by the original call's id (`recordedId`), a live one by its own id (its tools/call
 * on the MCP wire carries it), a not-run one is the mismatch text already kept. A credential in
 * the target's base URL is redacted, as on the wire.
 */
import { isProviderId } from '../providers';
import type { NeutralUsage } from '../conversation';
import { isCount, isCountOrZero, isPlainObject } from '../shared/json';
import { redactUrl } from '../secrets';
import { parseToolCallItem } from './session-data';
import type { Replay, ReplayCall, ReplayCallSource, ReplaySide, ReplayStatus } from './replay-types';
import type { ToolCallItem } from './session-types';

/** The version of the stored replays this code writes (and the newest it reads). */
const REPLAY_DATA_VERSION = 1;

/** A replayed call as stored: the call without its results (see the file comment). */
type StoredReplayCall = Omit<ReplayCall, 'item'> & { item: Omit<ToolCallItem, 'mcpResult' | 'modelResult' | 'partialArgs'> };

/** A replay as stored: its calls without results; the replayed side's call list is rebuilt from the calls. */
type StoredReplay = Omit<Replay, 'calls' | 'side'> & { calls: StoredReplayCall[]; side: Omit<ReplaySide, 'calls'> };

/** The session's replays as saved and exported. */
export interface ReplayData {
  version: typeof REPLAY_DATA_VERSION;
  replays: StoredReplay[];
}

/** The outcome of parsing: the replays that could be read and what was wrong. */
export interface ParsedReplayData {
  replays: Replay[];
  problems: string[];
}

/** What a replay that was running when it was saved says about itself. */
export const INTERRUPTED_REPLAY = 'Interrupted: the page was closed or reloaded while this replay ran.';

const STATUSES: ReadonlySet<string> = new Set<ReplayStatus>(['running', 'done', 'failed', 'stopped', 'step-limit']);
const SOURCES: ReadonlySet<string> = new Set<ReplayCallSource>(['recorded', 'live', 'not-run']);

/** The stored form of the replays (see the file comment). */
export function toReplayData(replays: readonly Replay[]): ReplayData {
  return { version: REPLAY_DATA_VERSION, replays: replays.map(toStoredReplay) };
}

/** The replayed side's call list, as the store keeps it: one entry per call, in order. */
export function sideCallsOf(calls: readonly ReplayCall[]): ReplaySide['calls'] {
  return calls.map((call) => ({ id: call.item.id, name: call.item.publicName, args: call.item.args, mismatch: call.mismatch }));
}

/** Stored forms by replay object: a replay that did not change is not converted again at the next save. */
const storedForms = new WeakMap<Replay, StoredReplay>();

function toStoredReplay(replay: Replay): StoredReplay {
  let stored = storedForms.get(replay);
  if (stored === undefined) {
    const { calls, side, target, ...rest } = replay;
    const { calls: _sideCalls, ...sideRest } = side;
    stored = {
      ...rest,
      // A credential in the base URL's query (`?key=`) never reaches storage or a file.
      target: { ...target, baseUrl: redactUrl(target.baseUrl) },
      calls: calls.map(({ item, ...call }) => {
        const { mcpResult: _mcp, modelResult: _model, partialArgs: _partial, ...kept } = item;
        return { ...call, item: kept };
      }),
      side: sideRest,
    };
    storedForms.set(replay, stored);
  }
  return stored;
}

/** Reads stored replays; see the file comment. Never throws. */
export function parseReplayData(value: unknown): ParsedReplayData {
  if (!isPlainObject(value)) return { replays: [], problems: ['The saved replays are not a JSON object; none were restored.'] };
  if (value['version'] !== REPLAY_DATA_VERSION) {
    return {
      replays: [],
      problems: [
        `The saved replays have version ${JSON.stringify(value['version'] ?? null)}; this Glassbox reads version ${REPLAY_DATA_VERSION}. None were restored.`,
      ],
    };
  }
  const list = value['replays'];
  if (!Array.isArray(list)) return { replays: [], problems: ['The saved replays are not a list; none were restored.'] };
  const problems: string[] = [];
  const replays: Replay[] = [];
  const seen = new Set<string>();
  list.forEach((raw, index) => {
    const replay = parseReplay(raw);
    if (replay === undefined) return void problems.push(`Replay ${index + 1} was not understood and was skipped.`);
    if (seen.has(replay.id)) return void problems.push(`Replay ${index + 1} repeats id ${replay.id}; it was skipped.`);
    seen.add(replay.id);
    replays.push(replay);
  });
  return { replays, problems };
}

function parseReplay(raw: unknown): Replay | undefined {
  if (!isPlainObject(raw)) return undefined;
  const { id, turn, turnStartedAt, target, callToolsLive, replayOf, status, startedAt } = raw;
  if (typeof id !== 'string' || !isCount(turn) || !isNumber(turnStartedAt) || !isCount(replayOf) || !isNumber(startedAt)) return undefined;
  if (typeof status !== 'string' || !STATUSES.has(status) || !isPlainObject(target) || !isProviderId(target['provider'])) return undefined;
  if (typeof target['model'] !== 'string' || typeof target['baseUrl'] !== 'string') return undefined;
  const calls = Array.isArray(raw['calls']) ? raw['calls'].map(parseCall) : undefined;
  const original = parseSide(raw['original'], true);
  const side = parseSide(raw['side'], false);
  if (calls === undefined || calls.some((call) => call === undefined) || original === undefined || side === undefined) return undefined;
  const replayCalls = calls as ReplayCall[];
  const replay: Replay = {
    id,
    turn,
    turnStartedAt,
    target: { provider: target['provider'], model: target['model'], baseUrl: target['baseUrl'] },
    callToolsLive: callToolsLive === true,
    replayOf,
    status: status as ReplayStatus,
    startedAt,
    calls: replayCalls,
    original,
    side: { ...side, calls: sideCallsOf(replayCalls) },
  };
  if (typeof raw['error'] === 'string') replay.error = raw['error'];
  if (isNumber(raw['endedAt'])) replay.endedAt = raw['endedAt'];
  if (replay.status === 'running') {
    replay.status = 'stopped';
    replay.error = INTERRUPTED_REPLAY;
  }
  return replay;
}

function parseCall(raw: unknown): ReplayCall | undefined {
  if (!isPlainObject(raw) || !isPlainObject(raw['item']) || typeof raw['item']['id'] !== 'string') return undefined;
  const { source } = raw;
  if (typeof source !== 'string' || !SOURCES.has(source)) return undefined;
  const step = raw['item']['step'];
  const item = parseToolCallItem(raw['item'], 0);
  if (item === undefined || !isCount(step)) return undefined;
  // Results are never stored (see the file comment); a file edited by hand must not smuggle one in.
  delete item.mcpResult;
  delete item.modelResult;
  delete item.partialArgs;
  const call: ReplayCall = { item, source: source as ReplayCallSource, mismatch: raw['mismatch'] === true };
  if (typeof raw['mismatchDetail'] === 'string') call.mismatchDetail = raw['mismatchDetail'];
  if (typeof raw['recordedId'] === 'string') call.recordedId = raw['recordedId'];
  return call;
}

/** One side; the original keeps its call list, the replayed side's is rebuilt from its calls. */
function parseSide(raw: unknown, withCalls: boolean): ReplaySide | undefined {
  if (!isPlainObject(raw) || !isProviderId(raw['provider']) || typeof raw['model'] !== 'string' || typeof raw['finalText'] !== 'string')
    return undefined;
  const requestIds = raw['requestIds'];
  if (!Array.isArray(requestIds) || !requestIds.every(isCount)) return undefined;
  let calls: ReplaySide['calls'] = [];
  if (withCalls) {
    if (!Array.isArray(raw['calls'])) return undefined;
    calls = raw['calls'].flatMap((call) =>
      isPlainObject(call) && typeof call['id'] === 'string' && typeof call['name'] === 'string'
        ? [{ id: call['id'], name: call['name'], args: call['args'] }]
        : [],
    );
  }
  const side: ReplaySide = {
    provider: raw['provider'],
    model: raw['model'],
    requestIds: [...requestIds],
    calls,
    finalText: raw['finalText'],
    usage: parseUsage(raw['usage']),
  };
  if (isNumber(raw['durationMs'])) side.durationMs = raw['durationMs'];
  return side;
}

function parseUsage(raw: unknown): NeutralUsage {
  const usage: NeutralUsage = {};
  if (!isPlainObject(raw)) return usage;
  if (isCountOrZero(raw['inputTokens'])) usage.inputTokens = raw['inputTokens'];
  if (isCountOrZero(raw['outputTokens'])) usage.outputTokens = raw['outputTokens'];
  return usage;
}

function isNumber(value: unknown): value is number {
  return typeof value === 'number' && Number.isFinite(value);
}
