/**
 * Which earlier request a new model request shares its body with: the last one of the same
 * conversation (same wire format, and the same server's sampling requests apart from the
 * agent's), or the request it forks. The traffic log asks it when an exchange begins.
 */
import { shareRequestBody } from './shared-body';
import type { BodyPart, HttpExchange } from './types';

/** Says where a request's conversation entries live (`messages`, `input`); undefined keeps its body whole. */
export type EntriesKeyOf = (exchange: Omit<HttpExchange, 'id' | 'state'>) => string | undefined;

/** The conversation an exchange belongs to, for finding the request before it. */
function conversationOf(exchange: Pick<HttpExchange, 'source' | 'samplingFor' | 'evalRun'>): string {
  return `${exchange.source}\u0000${exchange.samplingFor ?? ''}\u0000${exchange.evalRun ?? ''}`;
}

/** Keeps, per conversation, the parts of its last request; see the file comment. */
export class BodySharing {
  private last = new Map<string, readonly BodyPart[]>();

  constructor(private readonly entriesKeyOf: EntriesKeyOf) {}

  /** The record with its body in shared parts when it can be cut, else as it is. `find` looks up a forked exchange. */
  share(record: HttpExchange, find: (id: number) => HttpExchange | undefined): HttpExchange {
    const text = record.requestBody;
    if (text === undefined || record.wire !== 'model') return record;
    const key = this.entriesKeyOf(record);
    if (key === undefined) return record;
    const previous = record.forkOf !== undefined ? find(record.forkOf)?.requestBodyParts : this.last.get(conversationOf(record));
    const parts = shareRequestBody(text, key, record.id, previous);
    if (parts === undefined) return record;
    // A fork is a branch: the conversation's next request still follows the original.
    if (record.forkOf === undefined) this.last.set(conversationOf(record), parts);
    const { requestBody: _whole, ...rest } = record;
    return { ...rest, requestBodyParts: parts };
  }

  /** Starts again from these exchanges (after the log was cleared or loaded). */
  reset(exchanges: readonly HttpExchange[] = []): void {
    this.last = new Map();
    for (const exchange of exchanges) {
      if (exchange.requestBodyParts !== undefined && exchange.forkOf === undefined)
        this.last.set(conversationOf(exchange), exchange.requestBodyParts);
    }
  }
}
