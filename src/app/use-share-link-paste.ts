import { useEffect, useLayoutEffect, useRef } from 'react';
import { takeConfigFragment } from './config-storage';
import { isFirstFrame } from '../ui/first-frame';

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
    // The prerendered first frame's app is a picture with throwaway services: a link pasted then is
    // left in the URL for the restored app (src/app/main.tsx hands it over once that app is up).
    if (isFirstFrame()) return;
    const onHashChange = (): void => {
      const text = takeConfigFragment();
      if (text !== null) latest.current(text);
    };
    addEventListener('hashchange', onHashChange);
    return () => removeEventListener('hashchange', onHashChange);
  }, []);
}
