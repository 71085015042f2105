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
