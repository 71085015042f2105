/**
 * Every place that shows, records or shares a named value asks the one secret policy: for each
 * sample name, the recorder's headers, a URL's query, a command line's flags, assignments and
 * header arguments, the sign-in trace's OAuth forms, JSON and URLs, and a share link's mcp.json keys
 * hide the value exactly when `isSecretName` says so in their context.
 */
import { describe, expect, it } from 'vitest';
import { redactJson, redactOAuthUrl, redactParams } from './auth';
import { stripSecrets } from './config';
import { displayArgs, isSecretName, redactUrl } from './secrets';
import { SAMPLE_NAMES } from './secrets/__fixtures__/sample-names';
import { redactHeaders } from './traffic';

/** A value that looks like nothing secret: only the name can hide it (and it is too short for the registry of known values). */
const VALUE = 'v4lu';

/** What each place keeps of `VALUE` given under `name`, by context. */
const PLACES = {
  'recorded header': { context: 'header', shows: (name: string) => redactHeaders({ [name]: VALUE })[name.toLowerCase()] === VALUE },
  'header argument': { context: 'header', shows: (name: string) => displayArgs(['--header', `${name}: ${VALUE}`])[1]!.includes(VALUE) },
  'URL query': { context: 'query', shows: (name: string) => redactUrl(`https://h.example/mcp?${name}=${VALUE}`).includes(VALUE) },
  // `--headers` takes a header, not a value of its own: judged as one (above).
  flag: { context: 'flag', shows: (name: string) => displayArgs([`--${name}`, VALUE]).includes(VALUE), skip: 'headers' },
  'flag assignment': {
    context: 'flag',
    shows: (name: string) => displayArgs([`--${name}=${VALUE}`])[0]!.includes(VALUE),
    skip: 'headers',
  },
  'environment assignment': { context: 'env', shows: (name: string) => displayArgs([`${name}=${VALUE}`])[0]!.includes(VALUE) },
  'OAuth form': { context: 'oauth', shows: (name: string) => redactParams(new URLSearchParams({ [name]: VALUE }))[name] === VALUE },
  'OAuth JSON': { context: 'oauth', shows: (name: string) => JSON.stringify(redactJson({ [name]: VALUE })).includes(VALUE) },
  'OAuth URL': {
    context: 'oauth',
    // The URL policy applies on top (a `token_type` in a URL's query is hidden as any query parameter).
    shows: (name: string) => redactOAuthUrl(`https://as.example/authorize?${name}=${VALUE}`).includes(VALUE),
    alsoHiddenBy: 'query',
  },
  'share link key': {
    context: 'config-key',
    shows: (name: string) =>
      stripSecrets(JSON.stringify({ mcpServers: { s: { url: 'https://h.example/mcp', [name]: VALUE } } })).includes(VALUE),
  },
} as const;

describe('every place asks the one secret policy', () => {
  it.each(Object.entries(PLACES))('%s', (_place, { context, shows, ...rest }) => {
    const disagree: string[] = [];
    for (const name of SAMPLE_NAMES) {
      if ('skip' in rest && rest.skip === name) continue;
      const alsoHidden = 'alsoHiddenBy' in rest && isSecretName(name, rest.alsoHiddenBy);
      const secret = isSecretName(name, context) || alsoHidden;
      if (shows(name) === secret) disagree.push(`${name}: ${secret ? 'secret, but shown' : 'not secret, but hidden'}`);
    }
    expect(disagree).toEqual([]);
  });
});
