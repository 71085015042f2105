/**
 * The items of the inbox: each request a server made of the client (sampling, elicitation, roots),
 * or refused as malformed, with where it came from and how far it got. Immutable: a change makes a
 * new item, so a view can compare by identity.
 */
import type { ElicitationForm, ElicitationLink } from '../elicitation';
import type { InboxMethod, InboxOrigin, InboxRoot } from '../mcp';
import type { ProviderId } from '../providers';
import type { CreateMessageResult, SamplingRequest } from '../sampling';
import type { SamplingToolUse } from './sampling-tool-gate';

/** What every item has. */
interface ItemBase {
  /** Unique within the inbox. */
  id: string;
  origin: InboxOrigin;
  /** Epoch milliseconds when the request arrived. */
  at: number;
}

/** Where a sampling request stands: waiting for approval, at the model, waiting to be returned, or over. */
type SamplingStatus = 'pending' | 'sending' | 'replied' | 'returned' | 'denied' | 'failed' | 'invalid' | 'withdrawn';

/** The model's reply to an approved sampling request, waiting for the second approval. */
export interface SamplingReply {
  result: CreateMessageResult;
  provider: ProviderId;
  warnings: string[];
}

/** A `sampling/createMessage` request. */
export interface SamplingItem extends ItemBase {
  kind: 'sampling';
  status: SamplingStatus;
  /** The request as read (undefined when it could not be read: `problems` say why). */
  request?: SamplingRequest;
  problems: string[];
  /** Warnings of the conversion for the model (what the wire format cannot carry). */
  warnings: string[];
  reply?: SamplingReply;
  /** The reply's tool uses (`sampling.tools`), each through the tool gate before the reply goes back. */
  toolUses?: readonly SamplingToolUse[];
  /** Why the model request failed. */
  error?: string;
  /** True when the server's policy let it through without asking. */
  automatic: boolean;
}

/** Where an elicitation stands. */
type ElicitationStatus = 'pending' | 'accept' | 'decline' | 'cancel' | 'withdrawn';

/** An `elicitation/create` request, in form or URL mode. */
export interface ElicitationItem extends ItemBase {
  kind: 'elicitation';
  status: ElicitationStatus;
  /** The server's message, shown as text. */
  message: string;
  mode: 'form' | 'url';
  /** Form mode: the form, or why it cannot be rendered. */
  form?: ElicitationForm;
  /** URL mode: the link, or why it cannot be offered. */
  link?: ElicitationLink;
  /** What keeps the request from being accepted (an unrenderable schema, a bad link). */
  problems: string[];
}

/** A `roots/list` the inbox answered (from the person's roots, without asking). */
export interface RootsItem extends ItemBase {
  kind: 'roots';
  roots: readonly InboxRoot[];
}

/** A request the client refused as malformed before it reached a card. */
export interface RefusedItem extends ItemBase {
  kind: 'refused';
  method: InboxMethod;
  message: string;
}

/** One item of the inbox. */
export type InboxItem = SamplingItem | ElicitationItem | RootsItem | RefusedItem;

/** What the inbox shows. */
export interface InboxSnapshot {
  items: readonly InboxItem[];
}
