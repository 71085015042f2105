import { describe, expect, it } from 'vitest';
import { IN_PAGE_DEMO_CONFIG_TEXT } from './default-config';
import { IN_PAGE_DEMO_LABEL, IN_PAGE_DEMO_URLS, inPageDemoLabel, inPageDemoServer } from './demo-servers';
import { parseMcpConfig } from './parse-mcp-config';

describe('the in-page demo servers', () => {
  it.each([
    ['https://weather.example.com/mcp', 'weather'],
    ['https://calendar.example.com/mcp', 'calendar'],
    ['https://WEATHER.example.com:443/mcp/', 'weather'],
    ['https://calendar.example.com/mcp?x=1#y', 'calendar'],
  ])('recognises %s as the %s demo server, however it is spelled', (url, name) => {
    expect(inPageDemoServer(url)).toBe(name);
  });

  it('does not label anything else as in the page', () => {
    for (const url of [
      'http://weather.example.com/mcp', // another scheme is another origin
      'https://weather.example.com/other',
      'https://weather.example.com.evil.test/mcp',
      'https://example.com/mcp',
      'http://127.0.0.1:3101/mcp',
      'not a url',
      undefined,
    ]) {
      expect(inPageDemoServer(url), String(url)).toBeUndefined();
      expect(inPageDemoLabel(url), String(url)).toBeUndefined();
    }
  });

  it('gives the label for the demo URLs', () => {
    expect(inPageDemoLabel(IN_PAGE_DEMO_URLS.weather)).toBe(IN_PAGE_DEMO_LABEL);
    expect(IN_PAGE_DEMO_LABEL).toBe('demo server in this page');
  });

  it('the in-page demo config names both, cleanly, in the mcpServers dialect', () => {
    const { config, problems } = parseMcpConfig(IN_PAGE_DEMO_CONFIG_TEXT);
    expect(problems).toEqual([]);
    expect(config?.servers.map((server) => [server.name, inPageDemoServer(server.url)])).toEqual([
      ['weather', 'weather'],
      ['calendar', 'calendar'],
    ]);
  });
});
