/**
 * Which contents tab each server card has open (resources, prompts, skills) and which skill is open
 * in it, kept outside the cards' components, one store per page's services. The layout mounts the
 * servers area afresh when the window crosses a layout mode's width (the config and servers column
 * becomes a drawer at 1600 px); the open tab and skill outlive it, so a loaded skill shows again
 * without a click (and without a read).
 */
import { Listeners } from '../../core/shared';
import { perServices } from '../../core/per-services';

/** A contents tab of a server card. */
export type ContentsTab = 'resources' | 'prompts' | 'skills';

/** What one server card shows of its contents. */
export interface ContentsView {
  /** The open tab; undefined: the strip is closed. */
  tab?: ContentsTab | undefined;
  /** The SKILL.md URI of the skill open in the Skills tab. */
  skill?: string | undefined;
}

/** The views of every server card, by server name. */
export type ContentsViews = ReadonlyMap<string, ContentsView>;

const CLOSED: ContentsView = {};

/** The cards' contents views; see the file comment. */
export class ContentsViewStore {
  private views: ContentsViews = new Map();
  private readonly listeners = new Listeners();

  subscribe = (listener: () => void): (() => void) => this.listeners.subscribe(listener);

  getSnapshot = (): ContentsViews => this.views;

  /** One server card's view (closed until something is opened). */
  viewOf(server: string): ContentsView {
    return this.views.get(server) ?? CLOSED;
  }

  /** Changes some fields of one server card's view. */
  update(server: string, change: Partial<ContentsView>): void {
    this.views = new Map(this.views).set(server, { ...this.viewOf(server), ...change });
    this.listeners.notify();
  }
}

/** The cards' contents views of these services (made at first use). */
export const contentsViewsOf = perServices(() => new ContentsViewStore());
