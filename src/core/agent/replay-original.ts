/**
 * The original side of a replay's comparison, read from what was recorded when the turn ran:
 * its model requests from the traffic log (tagged with the turn when they were made), its tool
 * calls and final answer from the chat items, its tokens from the responses' usage and its time
 * from the turn's timeline.
 */
import type { ProviderId } from '../providers';
import type { NeutralUsage } from '../conversation';
import type { HttpExchange } from '../traffic';
import { reportedUsage } from './turn-usage';
import type { ChatItem, TurnTimeline } from './session-types';
import type { ReplaySide } from './replay-types';

/**
 * The model requests of `turn` in the main conversation: tagged with the turn, neither a fork nor
 * a replay nor a sampling request, and inside the turn's timeline (a new session starts turns at 1
 * again, so an older session's turn 1 is told apart by its time).
 */
export function originalExchanges(exchanges: readonly HttpExchange[], turn: number, timeline: TurnTimeline | undefined): HttpExchange[] {
  return exchanges.filter(
    (exchange) =>
      exchange.wire === 'model' &&
      exchange.turn === turn &&
      exchange.forkOf === undefined &&
      exchange.replayOf === undefined &&
      exchange.samplingFor === undefined &&
      (timeline === undefined ||
        (exchange.startedAt >= timeline.startedAt && (timeline.endedAt === undefined || exchange.startedAt <= timeline.endedAt))),
  );
}

/** The tokens a recorded response reported (JSON body or event stream), read the wire's own way (the token bill's reader). */
function exchangeUsage(exchange: HttpExchange): NeutralUsage {
  const usage = reportedUsage(exchange);
  const result: NeutralUsage = {};
  if (usage?.input !== undefined) result.inputTokens = usage.input;
  if (usage?.output !== undefined) result.outputTokens = usage.output;
  return result;
}

/** Adds usage counts; a count stays absent until some response reported it. */
export function addUsage(total: NeutralUsage, more: NeutralUsage): NeutralUsage {
  const sum: NeutralUsage = { ...total };
  if (more.inputTokens !== undefined) sum.inputTokens = (sum.inputTokens ?? 0) + more.inputTokens;
  if (more.outputTokens !== undefined) sum.outputTokens = (sum.outputTokens ?? 0) + more.outputTokens;
  return sum;
}

/** What the original turn's model got, chose and answered. */
export function originalSide(input: {
  turn: number;
  items: readonly ChatItem[];
  timeline: TurnTimeline | undefined;
  exchanges: readonly HttpExchange[];
  provider: ProviderId;
  model: string;
}): ReplaySide {
  const { turn, items } = input;
  const requests = originalExchanges(input.exchanges, turn, input.timeline);
  const calls = items.flatMap((item) =>
    item.kind === 'tool-call' && item.turn === turn ? [{ id: item.id, name: item.publicName, args: item.args }] : [],
  );
  const answers = items.filter((item) => item.kind === 'assistant' && item.turn === turn && item.text !== '');
  const last = answers[answers.length - 1];
  const side: ReplaySide = {
    provider: input.provider,
    model: input.model,
    requestIds: requests.map((exchange) => exchange.id),
    calls,
    finalText: last?.kind === 'assistant' ? last.text : '',
    usage: requests.reduce<NeutralUsage>((total, exchange) => addUsage(total, exchangeUsage(exchange)), {}),
  };
  const { timeline } = input;
  if (timeline?.endedAt !== undefined) side.durationMs = timeline.endedAt - timeline.startedAt;
  return side;
}
