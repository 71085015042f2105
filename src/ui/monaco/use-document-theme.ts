import { useSyncExternalStore } from 'react';

/** The app's colour theme as written on `<html data-theme>`. */
export type DocumentTheme = 'light' | 'dark';

function readTheme(): DocumentTheme {
  return document.documentElement.dataset.theme === 'dark' ? 'dark' : 'light';
}

function subscribe(listener: () => void): () => void {
  const observer = new MutationObserver(listener);
  observer.observe(document.documentElement, { attributes: true, attributeFilter: ['data-theme'] });
  return () => observer.disconnect();
}

/** Follows `<html data-theme="light"|"dark">`, updating when the attribute changes. */
export function useDocumentTheme(): DocumentTheme {
  return useSyncExternalStore(subscribe, readTheme, () => 'light');
}
