/**
 * What each turn's model requests cost: the token counts the responses themselves reported
 * (read from the recorded exchanges, JSON or stream, by each wire format's own reader), priced
 * with the person's own price table. Glassbox ships no prices: a price that is not entered is
 * not guessed, and the cost says which prices it misses.
 */
import { isProviderId, parseJson, PROVIDERS, type ReplyUsage } from '../providers';
import { requestBodyOutline } from '../traffic';
import type { HttpExchange } from '../traffic';
import { isPlainObject } from '../shared/json';

/** Token counts in one vocabulary. `input` is input NOT read from the cache, whatever the wire reported. */
export interface TokenCounts {
  input: number;
  output: number;
  cacheRead: number;
  cacheWrite: number;
}

/** The price fields of one model, in currency units per million tokens (the person's own numbers). */
export type PriceField = keyof TokenCounts;

/** One model's prices; a field left empty is unknown, never zero. */
export type ModelPrice = Partial<Record<PriceField, number>>;

/** A cost and the prices it could not apply (tokens of that kind were used, but no price was entered). */
export interface Cost {
  amount: number;
  missing: PriceField[];
}

/** One turn's usage: its requests, the models they named, the reported counts and their cost. */
export interface TurnUsage {
  turn: number;
  requests: number;
  /** Requests whose response reported no usage at all. */
  unreported: number;
  models: string[];
  tokens: TokenCounts;
  cost: Cost;
}

/** The fields in display order. */
export const PRICE_FIELDS: readonly PriceField[] = ['input', 'output', 'cacheRead', 'cacheWrite'];

/** No tokens. */
export function zeroCounts(): TokenCounts {
  return { input: 0, output: 0, cacheRead: 0, cacheWrite: 0 };
}

/** A wire's reported usage in the one vocabulary (OpenAI's input counts cached tokens: they are taken out). */
export function toTokenCounts(usage: ReplyUsage): TokenCounts {
  const cacheRead = usage.cacheRead ?? 0;
  const input = usage.input ?? 0;
  return {
    input: Math.max(0, usage.cacheReadInInput === true ? input - cacheRead : input),
    output: usage.output ?? 0,
    cacheRead,
    cacheWrite: usage.cacheWrite ?? 0,
  };
}

/** What `counts` cost at `price` (per million tokens); token kinds without a price are listed in `missing`. */
export function costOf(counts: TokenCounts, price: ModelPrice | undefined): Cost {
  let amount = 0;
  const missing: PriceField[] = [];
  for (const field of PRICE_FIELDS) {
    if (counts[field] === 0) continue;
    const perMillion = price?.[field];
    if (perMillion === undefined) missing.push(field);
    else amount += (counts[field] * perMillion) / 1_000_000;
  }
  return { amount, missing };
}

/** The sum of two costs. */
function addCost(a: Cost, b: Cost): Cost {
  return { amount: a.amount + b.amount, missing: PRICE_FIELDS.filter((field) => a.missing.includes(field) || b.missing.includes(field)) };
}

/** The sum of two sets of counts. */
function addCounts(a: TokenCounts, b: TokenCounts): TokenCounts {
  return {
    input: a.input + b.input,
    output: a.output + b.output,
    cacheRead: a.cacheRead + b.cacheRead,
    cacheWrite: a.cacheWrite + b.cacheWrite,
  };
}

/** The usage a recorded model response reported, or undefined when it reported none (or is not a model response). */
export function reportedUsage(exchange: HttpExchange): ReplyUsage | undefined {
  if (exchange.wire !== 'model' || !isProviderId(exchange.source)) return undefined;
  const summary = PROVIDERS[exchange.source].summary;
  let usage: ReplyUsage | undefined;
  if (exchange.sseEvents !== undefined) {
    const reader = summary.createStreamReader();
    for (const record of exchange.sseEvents)
      reader.read(record.event === undefined ? { data: record.data } : { event: record.event, data: record.data });
    usage = reader.findings().usage;
  } else {
    const body = parseJson(exchange.responseBody);
    if (isPlainObject(body)) usage = summary.readReply(body).usage;
  }
  return usage === undefined || (usage.input === undefined && usage.output === undefined) ? undefined : usage;
}

/** The `model` a recorded request body named ('' when it named none). */
function requestedModel(exchange: HttpExchange): string {
  // The outline: a long turn's bodies are never parsed whole for their model.
  const body = parseJson(requestBodyOutline(exchange));
  return isPlainObject(body) && typeof body['model'] === 'string' ? body['model'] : '';
}

/** Each turn's usage and cost, from the conversation's model exchanges (forks and token counts are not turns). */
export function usageByTurn(exchanges: readonly HttpExchange[], prices: Readonly<Record<string, ModelPrice>>): TurnUsage[] {
  const turns = new Map<number, TurnUsage>();
  for (const exchange of exchanges) {
    if (exchange.wire !== 'model' || exchange.turn === undefined || exchange.forkOf !== undefined) continue;
    let entry = turns.get(exchange.turn);
    if (entry === undefined) {
      entry = { turn: exchange.turn, requests: 0, unreported: 0, models: [], tokens: zeroCounts(), cost: { amount: 0, missing: [] } };
      turns.set(exchange.turn, entry);
    }
    entry.requests += 1;
    const model = requestedModel(exchange);
    if (!entry.models.includes(model)) entry.models.push(model);
    const usage = reportedUsage(exchange);
    if (usage === undefined) {
      entry.unreported += 1;
      continue;
    }
    const counts = toTokenCounts(usage);
    entry.tokens = addCounts(entry.tokens, counts);
    entry.cost = addCost(entry.cost, costOf(counts, prices[model]));
  }
  return [...turns.values()].sort((a, b) => a.turn - b.turn);
}

/** The sum of every turn. */
export function totalUsage(turns: readonly TurnUsage[]): { tokens: TokenCounts; cost: Cost } {
  return turns.reduce((sum, turn) => ({ tokens: addCounts(sum.tokens, turn.tokens), cost: addCost(sum.cost, turn.cost) }), {
    tokens: zeroCounts(),
    cost: { amount: 0, missing: [] as PriceField[] },
  });
}
