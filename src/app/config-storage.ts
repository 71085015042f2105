import { decodeConfigFragment } from '../core/config';

/**
 * The config text of a `#config=` share link in the page's URL, or null. The link has done its job
 * once read: the fragment is removed, so a reload does not re-apply it over later edits.
 */
export function takeConfigFragment(): string | null {
  const fromFragment = location.hash.startsWith('#config=') ? decodeConfigFragment(location.hash) : null;
  if (fromFragment !== null) history.replaceState(null, '', location.pathname + location.search);
  return fromFragment;
}

/**
 * The `#bridge=` pair link of this page's URL (handed over by boot.ts, which took it out of the
 * address bar first), or one pasted into the open tab since; null when there is none. Read once.
 */
export function takeBridgeFragment(): string | null {
  const handedOver = globalThis as { glassboxPairLink?: string };
  const taken = handedOver.glassboxPairLink ?? (location.hash.startsWith('#bridge=') ? location.hash : null);
  delete handedOver.glassboxPairLink;
  if (location.hash.startsWith('#bridge=')) history.replaceState(history.state, '', location.pathname + location.search);
  return taken;
}
