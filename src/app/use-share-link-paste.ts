import { useEffect, useLayoutEffect, useRef } from 'react';
import { takeBridgeFragment, takeConfigFragment } from './config-storage';
import { isFirstFrame } from '../ui/first-frame';

/**
 * Calls `onConfig` with the config of a `#config=` share link pasted into this open tab: only the
 * fragment changes, so the page does not reload and the start-up reading of the link never runs.
 */
export function useShareLinkPaste(onConfig: (text: string) => void, onPairLink?: (fragment: string) => void): void {
  const latest = useRef(onConfig);
  const latestPair = useRef(onPairLink);
  useLayoutEffect(() => {
    latest.current = onConfig;
    latestPair.current = onPairLink;
  });
  useEffect(() => {
    // The prerendered first frame's app is a picture with throwaway services: a link pasted then is
    // left in the URL for the restored app (src/app/main.tsx hands it over once that app is up).
    if (isFirstFrame()) return;
    const onHashChange = (): void => {
      // A bridge pair link pasted into the open tab pairs it (its fragment leaves the address bar at once).
      const pairLink = location.hash.startsWith('#bridge=') ? takeBridgeFragment() : null;
      if (pairLink !== null) latestPair.current?.(pairLink);
      const text = takeConfigFragment();
      if (text !== null) latest.current(text);
    };
    addEventListener('hashchange', onHashChange);
    return () => removeEventListener('hashchange', onHashChange);
  }, []);
}
