/**
 * The person's price table: per model, what a million input, output, cache-read and cache-write
 * tokens cost them. Empty by default: Glassbox ships no prices (they change, and differ by
 * contract), so every number here was typed by the person. Persisted through injected storage;
 * framework-free (subscribe/getSnapshot).
 */
import type { KeyValueStorage } from '../tools';
import { isPlainObject } from '../shared/json';
import { PRICE_FIELDS, type ModelPrice, type PriceField } from './turn-usage';
import { Listeners } from '../shared/listeners';

/** Default storage key of PriceTable. */
export const PRICE_TABLE_STORAGE_KEY = 'glassbox.prices.v1';

/** Prices by model name. */
type Prices = Readonly<Record<string, Readonly<ModelPrice>>>;

/** An immutable view of the table; a new object after every change. */
export interface PriceTableSnapshot {
  prices: Prices;
  /** Problems with stored prices or saving them (the table keeps working in memory). */
  problems: readonly string[];
}

/** True for a price a person can mean: a finite number, not negative. */
function isPrice(value: unknown): value is number {
  return typeof value === 'number' && Number.isFinite(value) && value >= 0;
}

/** The person's prices per model, saved as they change. */
export class PriceTable {
  private prices: Record<string, ModelPrice> = Object.create(null) as Record<string, ModelPrice>;
  private problems: string[] = [];
  private snapshot: PriceTableSnapshot;
  private readonly listeners = new Listeners();

  constructor(
    private readonly storage: KeyValueStorage,
    private readonly storageKey = PRICE_TABLE_STORAGE_KEY,
  ) {
    this.restore();
    this.snapshot = this.buildSnapshot();
  }

  /** Registers a listener called after every change; returns the unsubscribe function. */
  subscribe = this.listeners.subscribe;

  /** The current snapshot (same object until something changes). */
  getSnapshot = (): PriceTableSnapshot => this.snapshot;

  /** Sets one price of a model (per million tokens); `undefined` clears it. A model left with no price leaves the table. */
  setPrice(model: string, field: PriceField, perMillion: number | undefined): void {
    if (perMillion !== undefined && !isPrice(perMillion))
      throw new RangeError(`A price is a number of at least 0, not ${String(perMillion)}`);
    const next: ModelPrice = { ...this.prices[model] };
    if (perMillion === undefined) delete next[field];
    else next[field] = perMillion;
    if (Object.keys(next).length === 0) delete this.prices[model];
    else this.prices[model] = next;
    this.commit();
  }

  /** Removes every price of a model. */
  removeModel(model: string): void {
    if (!(model in this.prices)) return;
    delete this.prices[model];
    this.commit();
  }

  private commit(): void {
    try {
      this.storage.setItem(this.storageKey, JSON.stringify({ version: 1, prices: this.prices }));
      this.problems = this.problems.filter((problem) => !problem.startsWith('Saving'));
    } catch (error) {
      this.problems = [
        `Saving prices failed (${error instanceof Error ? error.message : String(error)}); they last until the page is closed.`,
      ];
    }
    this.snapshot = this.buildSnapshot();
    this.listeners.notify();
  }

  private buildSnapshot(): PriceTableSnapshot {
    const prices = Object.fromEntries(Object.entries(this.prices).map(([model, price]) => [model, Object.freeze({ ...price })]));
    return Object.freeze({ prices: Object.freeze(prices), problems: Object.freeze([...this.problems]) });
  }

  /** Reads stored prices once; entries that are not prices are skipped and reported. */
  private restore(): void {
    let data: unknown;
    try {
      const text = this.storage.getItem(this.storageKey);
      if (text === null) return;
      data = JSON.parse(text);
    } catch {
      this.problems.push('Stored prices could not be read; starting with an empty table.');
      return;
    }
    if (!isPlainObject(data) || data['version'] !== 1 || !isPlainObject(data['prices'])) {
      this.problems.push('Stored prices have an unknown format; starting with an empty table.');
      return;
    }
    let skipped = 0;
    for (const [model, stored] of Object.entries(data['prices'])) {
      if (!isPlainObject(stored)) {
        skipped++;
        continue;
      }
      const price: ModelPrice = {};
      for (const field of PRICE_FIELDS) {
        if (isPrice(stored[field])) price[field] = stored[field];
        else if (stored[field] !== undefined) skipped++;
      }
      if (Object.keys(price).length > 0) this.prices[model] = price;
    }
    if (skipped > 0) this.problems.push(`${skipped} stored price${skipped === 1 ? ' was' : 's were'} not understood and ignored.`);
  }
}
