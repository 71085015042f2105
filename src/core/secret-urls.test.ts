/**
 * One secret policy for server URLs: a `?auth=`, `?session=`, `?api_key=` or `?token=` value in a
 * configured server URL reaches no share link, panel (the recorded exchange and its messages),
 * HAR, curl command or session export. Through the real composition, against the real weather server.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { start as startWeather } from '../../e2e/servers/weather.mjs';
import type { RunningServer } from '../../e2e/servers/weather.mjs';
import { createServices } from './composition';
import type { Services } from './composition';
import { stripSecrets } from './config';
import { parseMcpConfig } from './config/parse-mcp-config';
import { buildSessionFile, serializeSessionFile } from './persistence';
import { toCurl } from './traffic';
import { toHar } from './traffic/har';

const SECRETS = {
  auth: 'auth-value-1111',
  session: 'session-value-2222',
  api_key: 'apikey-value-3333',
  token: 'token-value-4444',
} as const;

let weather: RunningServer;
let services: Services;
let configText: string;

beforeAll(async () => {
  weather = await startWeather();
  const query = Object.entries(SECRETS)
    .map(([name, value]) => `${name}=${value}`)
    .join('&');
  configText = JSON.stringify({ mcpServers: { weather: { url: `${weather.url}?${query}&city=Paris` } } });
  services = createServices({ baseFetch: fetch });
  await services.connections.apply(parseMcpConfig(configText).config!.servers);
  expect(services.connections.getSnapshot().servers[0]?.status).toBe('connected');
  await services.connections.get('weather')!.callTool('get_forecast', { city: 'Paris', days: 1 });
});
afterAll(async () => {
  await services.connections.disconnectAll();
  await weather.close();
});

/** Everything the log holds, as text. */
function recorded(): string {
  const { exchanges, exchangeCount, messages, messageCount } = services.log.getSnapshot();
  return JSON.stringify({ exchanges: exchanges.slice(0, exchangeCount), messages: messages.slice(0, messageCount) });
}

describe.each(Object.entries(SECRETS))('a server URL with ?%s=…', (name, value) => {
  it('is stripped from the share link', () => {
    expect(stripSecrets(configText)).not.toContain(value);
    expect(stripSecrets(configText)).toContain(`${name}=`);
  });

  it('is redacted at record time, so no panel shows it', () => {
    const { exchanges, exchangeCount } = services.log.getSnapshot();
    expect(exchangeCount).toBeGreaterThan(2);
    for (const exchange of exchanges.slice(0, exchangeCount)) expect(exchange.url).toContain(`${name}=[redacted]`);
    expect(exchanges[0]?.url).toContain('city=Paris');
    expect(recorded()).not.toContain(value);
  });

  it('reaches neither the HAR nor a curl command', () => {
    const { exchanges, exchangeCount, messages, messageCount } = services.log.getSnapshot();
    const shown = exchanges.slice(0, exchangeCount);
    expect(JSON.stringify(toHar(shown, { creatorVersion: 'test', messages: messages.slice(0, messageCount) }))).not.toContain(value);
    for (const exchange of shown) expect(toCurl(exchange)).not.toContain(value);
  });

  it('reaches no session export', () => {
    const { file } = buildSessionFile({
      configText,
      conversation: services.session.exportData(),
      traffic: services.log.getSnapshot(),
      appVersion: 'test',
      now: 0,
    });
    // No last guard passed: the file is clean by itself.
    expect(serializeSessionFile(file)).not.toContain(value);
  });
});

describe('what a card says about a server URL', () => {
  it('is redacted in diagnoses: an unreachable server, and a local bridge with its command line', async () => {
    const down = 'down-secret-4567';
    const bridge = 'bridge-secret-1234';
    const bearer = 'bearer-secret-8910';
    const text = JSON.stringify({
      mcpServers: {
        down: { url: `http://127.0.0.1:9/mcp?access_token=${down}` },
        bridge: {
          command: 'npx',
          args: ['-y', 'supergateway', '--sse', `https://g.example.com/sse?apikey=${bridge}`, '--oauth2Bearer', bearer],
        },
      },
    });
    const local = createServices({ baseFetch: fetch });
    try {
      await local.connections.apply(parseMcpConfig(text).config!.servers);
      const servers = local.connections.getSnapshot().servers;
      const shown = JSON.stringify(servers.map(({ diagnosis, lastProblem, warnings }) => ({ diagnosis, lastProblem, warnings })));
      expect(servers.find((server) => server.name === 'down')?.status).toBe('failed');
      expect(shown).toContain('access_token=[redacted]');
      expect(shown).toContain('apikey=[redacted]');
      for (const value of [down, bridge, bearer]) expect(shown).not.toContain(value);
    } finally {
      await local.connections.disconnectAll();
    }
  });
});
