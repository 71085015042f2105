/**
 * Where a keyboard key moves the selection in a list of `count` rows (DevTools-style:
 * arrows, Page Up/Down, Home/End). Returns undefined for keys that do not move it.
 */
export function listKeyTarget(key: string, selectedIndex: number, count: number, pageRows: number): number | undefined {
  const last = count - 1;
  if (last < 0) return undefined;
  switch (key) {
    case 'ArrowDown':
      return selectedIndex < 0 ? 0 : Math.min(last, selectedIndex + 1);
    case 'ArrowUp':
      return selectedIndex < 0 ? last : Math.max(0, selectedIndex - 1);
    case 'PageDown':
      return Math.min(last, Math.max(0, selectedIndex) + pageRows);
    case 'PageUp':
      return Math.max(0, selectedIndex - pageRows);
    case 'Home':
      return 0;
    case 'End':
      return last;
    default:
      return undefined;
  }
}
