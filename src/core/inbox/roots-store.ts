/**
 * The roots Glassbox declares: a browser has no file system, so the roots are a list of URIs the
 * person types (empty by default), kept in storage beside the config. `roots/list` is answered
 * from it; a change is announced to the servers (`notifications/roots/list_changed`).
 */
import type { KeyValueStorage } from '../shared/key-value-storage';
import type { InboxRoot } from '../mcp';
import { Store } from '../shared/store';

/** Where the roots are kept. */
export const ROOTS_STORAGE_KEY = 'glassbox.roots.v1';

/** The roots, and the problem of each line that is not a root. */
export interface RootsSnapshot {
  roots: readonly InboxRoot[];
}

/** Why a root was not accepted, or undefined when it is a usable absolute URI. */
export function rootProblem(uri: string): string | undefined {
  try {
    const url = new URL(uri);
    return url.protocol === '' ? 'A root needs a scheme, like file:///home/me/project' : undefined;
  } catch {
    return `"${uri}" is not an absolute URI (for example file:///home/me/project or https://example.com/repo)`;
  }
}

/** The roots from stored text; anything unreadable is dropped. */
function readStored(text: string | null): InboxRoot[] {
  if (text === null) return [];
  try {
    const value = JSON.parse(text) as unknown;
    if (!Array.isArray(value)) return [];
    return value.flatMap((entry): InboxRoot[] => {
      const root = entry as { uri?: unknown; name?: unknown };
      if (typeof root?.uri !== 'string' || rootProblem(root.uri) !== undefined) return [];
      return [{ uri: root.uri, ...(typeof root.name === 'string' && root.name !== '' ? { name: root.name } : {}) }];
    });
  } catch {
    return [];
  }
}

/** The person's roots, persisted. */
export class RootsStore extends Store<RootsSnapshot> {
  constructor(
    private readonly storage: KeyValueStorage,
    /** Called after each change (the servers are told). */
    private readonly onChange?: () => void,
  ) {
    super({ roots: readStored(storage.getItem(ROOTS_STORAGE_KEY)) });
  }

  /** Replaces the roots; throws a RangeError naming the first URI that is not one. */
  set(roots: readonly InboxRoot[]): void {
    for (const root of roots) {
      const problem = rootProblem(root.uri);
      if (problem !== undefined) throw new RangeError(problem);
    }
    const next = roots.map((root) => ({ uri: root.uri, ...(root.name !== undefined && root.name !== '' ? { name: root.name } : {}) }));
    if (JSON.stringify(next) === JSON.stringify(this.getSnapshot().roots)) return;
    this.storage.setItem(ROOTS_STORAGE_KEY, JSON.stringify(next));
    this.publish({ roots: next });
    this.onChange?.();
  }
}
