/** The `oauth` part of a server entry: read into the config, its client secret never saved or shared. */
import { describe, expect, it } from 'vitest';
import { parseMcpConfig } from './parse-mcp-config';
import { decodeConfigFragment, encodeConfigFragment, stripSecrets } from './share-link';

const TEXT = JSON.stringify(
  {
    mcpServers: {
      notes: {
        url: 'https://notes.example.com/mcp',
        oauth: { clientId: 'glassbox-app', clientSecret: 'cs-very-secret', scopes: ['notes:read', 'notes:write'] },
      },
      plain: { url: 'https://plain.example.com/mcp', oauth: { scopes: 'not-a-list' } },
    },
  },
  null,
  2,
);

describe('the oauth settings of a server', () => {
  it('are read into the server config, wrong types left out and reported by the schema', () => {
    const { config, problems } = parseMcpConfig(TEXT);
    expect(config?.servers[0]?.oauth).toEqual({
      clientId: 'glassbox-app',
      clientSecret: 'cs-very-secret',
      scopes: ['notes:read', 'notes:write'],
    });
    expect(config?.servers[1]?.oauth).toBeUndefined();
    expect(problems.some((problem) => problem.server === 'plain' && problem.path.includes('scopes'))).toBe(true);
  });

  it('keep the client id and scopes in saved text and share links, never the client secret', () => {
    const stripped = stripSecrets(TEXT);
    expect(stripped).not.toContain('cs-very-secret');
    expect(stripped).toContain('"clientSecret": ""');
    expect(stripped).toContain('glassbox-app');
    const shared = decodeConfigFragment(encodeConfigFragment(TEXT));
    expect(shared).not.toContain('cs-very-secret');
    expect(shared).toContain('notes:write');
  });
});
