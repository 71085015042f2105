/** Anything with subscribe/getSnapshot: the shape every core store has. */
export interface ExternalStore<T> {
  subscribe(listener: () => void): () => void;
  getSnapshot(): T;
}
