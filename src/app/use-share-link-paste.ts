import { useEffect, useLayoutEffect, useRef } from 'react';
import { takeConfigFragment } from './config-storage';

/**
 * Calls `onConfig` with the config of a `#config=` share link pasted into this open tab: only the
 * fragment changes, so the page does not reload and the start-up reading of the link never runs.
 */
export function useShareLinkPaste(onConfig: (text: string) => void): void {
  const latest = useRef(onConfig);
  useLayoutEffect(() => {
    latest.current = onConfig;
  });
  useEffect(() => {
    const onHashChange = (): void => {
      const text = takeConfigFragment();
      if (text !== null) latest.current(text);
    };
    addEventListener('hashchange', onHashChange);
    return () => removeEventListener('hashchange', onHashChange);
  }, []);
}
