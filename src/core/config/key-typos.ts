/** The keys of a server entry that Glassbox reads. */
const KNOWN_SERVER_KEYS: readonly string[] = [
  'url',
  'serverUrl',
  'httpUrl',
  'endpoint',
  'type',
  'transport',
  'transportType',
  'headers',
  'disabled',
  'timeout',
  'command',
  'args',
  'env',
  'cwd',
];

// Keys other clients define (Gemini, VS Code, Cline, Roo, Zed, …): allowed and ignored, never "typos".
const OTHER_CLIENTS_KEYS = new Set([
  'trust',
  'includeTools',
  'excludeTools',
  'description',
  'alwaysAllow',
  'autoApprove',
  'envFile',
  'oauth',
  'authProviderType',
  'dev',
  'gallery',
  'version',
  'name',
  'tools',
  'disabledTools',
  'networkTimeout',
  'settings',
  'source',
  'id',
  'icon',
]);

// Common wrong names that a distance measure would not catch.
const ALIASES: Record<string, string> = {
  uri: 'url',
  link: 'url',
  address: 'url',
  header: 'headers',
  disable: 'disabled',
  enabled: 'disabled',
  cmd: 'command',
  arguments: 'args',
  argv: 'args',
  environment: 'env',
  timeoutms: 'timeout',
};

/** A likely intended key for an unknown key of a server entry (`URL` → `url`, `header` → `headers`), or undefined. */
export function suggestServerKey(key: string): string | undefined {
  if (KNOWN_SERVER_KEYS.includes(key) || OTHER_CLIENTS_KEYS.has(key)) return undefined;
  const normalised = normalise(key);
  const alias = ALIASES[normalised];
  if (alias !== undefined) return alias;
  for (const known of KNOWN_SERVER_KEYS) {
    if (normalise(known) === normalised) return known;
  }
  let best: { key: string; distance: number } | undefined;
  for (const known of KNOWN_SERVER_KEYS) {
    const distance = editDistance(normalised, normalise(known));
    const allowed = known.length >= 5 ? 2 : 1;
    if (distance <= allowed && (best === undefined || distance < best.distance)) best = { key: known, distance };
  }
  return best?.key;
}

function normalise(key: string): string {
  return key.toLowerCase().replace(/[-_\s]/g, '');
}

/** Levenshtein distance with adjacent transpositions counted as one edit. */
function editDistance(a: string, b: string): number {
  const rows = a.length + 1;
  const columns = b.length + 1;
  const d: number[][] = Array.from({ length: rows }, (_, i) => Array.from({ length: columns }, (_, j) => (i === 0 ? j : j === 0 ? i : 0)));
  const at = (i: number, j: number): number => d[i]?.[j] ?? Number.POSITIVE_INFINITY;
  for (let i = 1; i < rows; i++) {
    for (let j = 1; j < columns; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let value = Math.min(at(i - 1, j) + 1, at(i, j - 1) + 1, at(i - 1, j - 1) + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) value = Math.min(value, at(i - 2, j - 2) + 1);
      const row = d[i];
      if (row) row[j] = value;
    }
  }
  return at(a.length, b.length);
}
