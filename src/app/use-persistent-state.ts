import { useEffect, useState } from 'react';
import { isFirstFrame } from '../ui/first-frame';

/** useState that survives reloads through localStorage (JSON); the first frame shows `initial` and saves nothing. */
export function usePersistentState<T>(key: string, initial: T): [T, (value: T) => void] {
  const [value, setValue] = useState<T>(() => {
    if (isFirstFrame()) return initial;
    try {
      const saved = localStorage.getItem(key);
      return saved === null ? initial : (JSON.parse(saved) as T);
    } catch {
      return initial;
    }
  });
  useEffect(() => {
    // The first frame's `initial` is not the person's choice: saving it would overwrite theirs.
    if (isFirstFrame()) return;
    try {
      localStorage.setItem(key, JSON.stringify(value));
    } catch {
      // Not fatal: the layout is simply not remembered.
    }
  }, [key, value]);
  return [value, setValue];
}
