/**
 * The model side of a replay with mocks: the scripted model, with the recording as its script.
 * It answers the n-th model request of the replay with the n-th recorded answer of the
 * conversation (status, content type and body; a stream as its recorded events), in the page,
 * so the replay needs no key and sends nothing anywhere. The replayed request bodies are then
 * compared with the recorded ones (`compareModelRequests`).
 */
import type { HttpExchange } from '../traffic';
import { requestBodyOf } from '../traffic';

/** The model exchanges of the conversation itself, in order: not forks, replays, evals, checks or sampling. */
export function conversationModelExchanges(exchanges: readonly HttpExchange[]): HttpExchange[] {
  return exchanges.filter(
    (exchange) =>
      exchange.wire === 'model' &&
      exchange.turn !== undefined &&
      exchange.forkOf === undefined &&
      exchange.replayOf === undefined &&
      exchange.evalRun === undefined &&
      exchange.checkRun === undefined &&
      exchange.samplingFor === undefined,
  );
}

/** The recorded answer's bytes: the body as received, or a stream's events written out again. */
function answerText(exchange: HttpExchange): string {
  if (exchange.sseEvents !== undefined && exchange.sseEvents.length > 0)
    return exchange.sseEvents
      .map(
        (event) =>
          `${event.event !== undefined ? `event: ${event.event}\n` : ''}${event.id !== undefined ? `id: ${event.id}\n` : ''}data: ${event.data}\n\n`,
      )
      .join('');
  return exchange.responseBody ?? '';
}

/** A `fetch` answering model requests from `recorded` (conversationModelExchanges), one after another. */
export function recordedModelFetch(recorded: readonly HttpExchange[]): typeof fetch {
  let next = 0;
  return async (_input, init) => {
    if (init?.signal?.aborted === true) throw init.signal.reason;
    const exchange = recorded[next++];
    if (exchange === undefined)
      return new Response(
        JSON.stringify({
          type: 'error',
          error: { type: 'not_found_error', message: `The recording has ${recorded.length} model answers; the replay asked for one more.` },
        }),
        { status: 404, headers: { 'content-type': 'application/json' } },
      );
    const contentType =
      exchange.responseContentType ??
      (exchange.sseEvents !== undefined && exchange.sseEvents.length > 0 ? 'text/event-stream' : 'application/json');
    return new Response(answerText(exchange), { status: exchange.status ?? 200, headers: { 'content-type': contentType } });
  };
}

/** One model request of the replay compared with the recorded one. */
interface ModelRequestDifference {
  /** 1-based position among the conversation's model requests. */
  index: number;
  turn?: number;
  step?: number;
  /** Where the bodies first differ (character offset), or -1 when one is missing. */
  at: number;
  /** A few characters of each around the difference. */
  recorded: string;
  replayed: string;
}

/** The outcome of comparing the replay's model requests with the recording's. */
export interface ModelRequestComparison {
  recorded: number;
  replayed: number;
  /** How many are the same, byte for byte. */
  same: number;
  differences: ModelRequestDifference[];
}

/** An excerpt of `text` around `at`. */
function around(text: string, at: number): string {
  return text.slice(Math.max(0, at - 40), at + 40);
}

/** Compares the request bodies of the replay's model exchanges with the recording's, in order. */
export function compareModelRequests(recorded: readonly HttpExchange[], replayed: readonly HttpExchange[]): ModelRequestComparison {
  const differences: ModelRequestDifference[] = [];
  let same = 0;
  for (let index = 0; index < Math.max(recorded.length, replayed.length); index++) {
    const before = recorded[index];
    const after = replayed[index];
    const beforeText = before ? (requestBodyOf(before) ?? '') : undefined;
    const afterText = after ? (requestBodyOf(after) ?? '') : undefined;
    if (beforeText !== undefined && beforeText === afterText) {
      same += 1;
      continue;
    }
    const where = {
      ...(before?.turn !== undefined ? { turn: before.turn } : {}),
      ...(before?.step !== undefined ? { step: before.step } : {}),
    };
    if (beforeText === undefined || afterText === undefined) {
      differences.push({
        index: index + 1,
        ...where,
        at: -1,
        recorded: beforeText?.slice(0, 80) ?? '(none)',
        replayed: afterText?.slice(0, 80) ?? '(none)',
      });
      continue;
    }
    let at = 0;
    while (at < beforeText.length && beforeText[at] === afterText[at]) at++;
    differences.push({ index: index + 1, ...where, at, recorded: around(beforeText, at), replayed: around(afterText, at) });
  }
  return { recorded: recorded.length, replayed: replayed.length, same, differences };
}

/** One line for people: "4 of 4 model requests as recorded, byte for byte" or what differs. */
export function describeComparison(comparison: ModelRequestComparison): string {
  if (comparison.differences.length === 0) return `${comparison.same} of ${comparison.recorded} model requests as recorded, byte for byte.`;
  const first = comparison.differences[0];
  const where = first?.turn !== undefined ? ` (turn ${first.turn}, step ${first.step ?? '?'})` : '';
  return `${comparison.same} of ${comparison.recorded} model requests as recorded; request ${first?.index ?? '?'}${where} differs${first && first.at >= 0 ? ` at character ${first.at}` : ''}.`;
}
