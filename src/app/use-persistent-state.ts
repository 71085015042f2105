import { useEffect, useState } from 'react';

/** useState that survives reloads through localStorage (JSON). */
export function usePersistentState<T>(key: string, initial: T): [T, (value: T) => void] {
  const [value, setValue] = useState<T>(() => {
    try {
      const saved = localStorage.getItem(key);
      return saved === null ? initial : (JSON.parse(saved) as T);
    } catch {
      return initial;
    }
  });
  useEffect(() => {
    try {
      localStorage.setItem(key, JSON.stringify(value));
    } catch {
      // Not fatal: the layout is simply not remembered.
    }
  }, [key, value]);
  return [value, setValue];
}
