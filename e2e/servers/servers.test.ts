import { inflateSync, crc32 } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Client, StreamableHTTPClientTransport } from '@modelcontextprotocol/client';
import type { CallToolResult } from '@modelcontextprotocol/client';
import { start as startCalendar, SEED_DATE, SEED_EVENTS } from './calendar.mjs';
import { CORS_ALLOW_HEADERS, CORS_EXPOSE_HEADERS, corsHeaders } from './cors.mjs';
import {
  AUTH_SCOPE,
  ERROR_TEXT_BODY,
  GARBAGE_BODY,
  HOSTILE_PAYLOAD,
  LONG_TOOL_NAME,
  PAGED_TOOL_NAMES,
  start as startLab,
  WILD_TOOL_NAMES,
} from './lab.mjs';
import type { RunningLab } from './lab.mjs';
import { startDemo } from './start-demo.mjs';
import { forecastFor, forecastText, start as startWeather } from './weather.mjs';
import type { RunningServer } from './weather.mjs';

const ORIGIN = 'http://page.example:5173';

let weather: RunningServer;
let calendar: RunningServer;
let lab: RunningLab;
const openClients: Client[] = [];

beforeAll(async () => {
  [weather, calendar, lab] = await Promise.all([startWeather(), startCalendar(), startLab()]);
});

afterAll(async () => {
  await Promise.allSettled(openClients.map((client) => client.close()));
  await Promise.all([weather.close(), calendar.close(), lab.close()]);
});

interface Connected {
  client: Client;
  transport: StreamableHTTPClientTransport;
}

/** Connects a v2 client in `auto` negotiation mode (or the given one) to `url`. */
async function connect(url: string, options: { fetch?: typeof fetch; mode?: 'auto' | 'legacy' } = {}): Promise<Connected> {
  const client = new Client({ name: 'servers-test', version: '1.0.0' }, { versionNegotiation: { mode: options.mode ?? 'auto' } });
  const transport = new StreamableHTTPClientTransport(new URL(url), options.fetch === undefined ? {} : { fetch: options.fetch });
  await client.connect(transport);
  openClients.push(client);
  return { client, transport };
}

/** The text of a result's only text block. */
function textOf(result: CallToolResult): string {
  const texts = result.content.flatMap((block) => (block.type === 'text' ? [block.text] : []));
  expect(texts).toHaveLength(1);
  return texts[0] ?? '';
}

/** The Access-Control-* headers of a response, lower-cased names. */
function accessControlHeaders(response: Response): Record<string, string> {
  const found: Record<string, string> = {};
  response.headers.forEach((value, name) => {
    if (name.startsWith('access-control-')) found[name] = value;
  });
  return found;
}

/** A CORS preflight as a browser sends it before an MCP POST. */
function preflight(url: string): Promise<Response> {
  return fetch(url, {
    method: 'OPTIONS',
    headers: {
      Origin: ORIGIN,
      'Access-Control-Request-Method': 'POST',
      'Access-Control-Request-Headers': 'content-type, mcp-protocol-version, mcp-session-id',
    },
  });
}

const EXPECTED_CORS = {
  'access-control-allow-origin': ORIGIN,
  'access-control-allow-methods': 'GET, POST, DELETE, OPTIONS',
  'access-control-allow-headers':
    'content-type, authorization, mcp-session-id, mcp-protocol-version, last-event-id, mcp-method, mcp-name, accept',
  'access-control-expose-headers': 'mcp-session-id, mcp-protocol-version, www-authenticate',
  'access-control-max-age': '7200',
};

const INITIALIZE_BODY = JSON.stringify({
  jsonrpc: '2.0',
  id: 1,
  method: 'initialize',
  params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'raw', version: '1' } },
});

describe('weather (2025 era, sessions)', () => {
  it('negotiates the legacy era with a session id', async () => {
    const { client, transport } = await connect(weather.url);
    expect(client.getProtocolEra()).toBe('legacy');
    expect(transport.sessionId).toMatch(/^[0-9a-f-]{36}$/);
    expect(client.getServerVersion()?.name).toBe('weather');
  });

  it('lists its three read-only tools with titles and schemas', async () => {
    const { client } = await connect(weather.url);
    const { tools } = await client.listTools();
    expect(tools.map((tool) => tool.name)).toEqual(['get_forecast', 'get_radar', 'get_alert_tone']);
    for (const tool of tools) {
      expect(tool.title).toBeTruthy();
      expect(tool.description).toBeTruthy();
      expect(tool.annotations).toEqual({ readOnlyHint: true, openWorldHint: false });
    }
    const forecast = tools[0];
    expect(forecast?.inputSchema.required).toEqual(['city']);
    expect(forecast?.inputSchema.properties?.['days']).toMatchObject({ type: 'integer', minimum: 1, maximum: 7, default: 3 });
    expect(forecast?.outputSchema?.properties).toHaveProperty('days');
  });

  it('returns a deterministic forecast as text and structuredContent, with progress per day', async () => {
    const { client } = await connect(weather.url);
    const progress: number[] = [];
    const result = await client.callTool(
      { name: 'get_forecast', arguments: { city: 'paris' } },
      { onprogress: (update) => progress.push(update.progress) },
    );
    expect(result.isError).toBeFalsy();
    // Pinned values: the forecast depends on the city name only.
    expect(result.structuredContent).toEqual({
      city: 'Paris',
      unit: 'celsius',
      days: [
        { day: 1, condition: 'windy', high: 27, low: 19, precipitationChance: 60 },
        { day: 2, condition: 'partly cloudy', high: 8, low: -1, precipitationChance: 20 },
        { day: 3, condition: 'thunderstorms', high: 15, low: 11, precipitationChance: 80 },
      ],
    });
    expect(result.structuredContent).toEqual(forecastFor('Paris', 3));
    expect(textOf(result)).toBe(forecastText(forecastFor('Paris', 3)));
    expect(textOf(result)).toContain('Day 1: windy, high 27°C, low 19°C, 60% chance of precipitation');
    expect(progress).toEqual([1, 2, 3]);
  });

  it('answers an unknown or empty city and an out-of-range day count with isError results', async () => {
    const { client } = await connect(weather.url);
    const atlantis = await client.callTool({ name: 'get_forecast', arguments: { city: 'Atlantis' } });
    expect(atlantis.isError).toBe(true);
    expect(atlantis.structuredContent).toBeUndefined();
    expect(textOf(atlantis)).toMatch(/^Unknown city "Atlantis"/);
    const empty = await client.callTool({ name: 'get_radar', arguments: { city: '' } });
    expect(empty.isError).toBe(true);
    const tooMany = await client.callTool({ name: 'get_forecast', arguments: { city: 'Tokyo', days: 8 } });
    expect(tooMany.isError).toBe(true);
  });

  it('returns a real 16×16 PNG and a resource link that can be read', async () => {
    const { client } = await connect(weather.url);
    const result = await client.callTool({ name: 'get_radar', arguments: { city: 'New York' } });
    const [image, link] = result.content;
    if (image?.type !== 'image' || link?.type !== 'resource_link') throw new Error('unexpected content blocks');
    expect(image.mimeType).toBe('image/png');
    const png = Buffer.from(image.data, 'base64');
    expect(png.subarray(0, 8)).toEqual(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]));
    expect(png.subarray(12, 16).toString('latin1')).toBe('IHDR');
    expect([png.readUInt32BE(16), png.readUInt32BE(20)]).toEqual([16, 16]);
    // Every chunk's CRC is right, and the pixel data inflates to 16 rows of filter byte + 16 RGB pixels.
    let offset = 8;
    const idat: Buffer[] = [];
    while (offset < png.length) {
      const length = png.readUInt32BE(offset);
      const typeAndData = png.subarray(offset + 4, offset + 8 + length);
      expect(png.readUInt32BE(offset + 8 + length)).toBe(crc32(typeAndData));
      if (typeAndData.subarray(0, 4).toString('latin1') === 'IDAT') idat.push(typeAndData.subarray(4));
      offset += 12 + length;
    }
    expect(inflateSync(Buffer.concat(idat))).toHaveLength(16 * (1 + 16 * 3));
    expect(link.uri).toBe('weather://radar/New%20York');
    expect(link.mimeType).toBe('image/png');
    const read = await client.readResource({ uri: link.uri });
    const contents = read.contents[0];
    expect(contents && 'blob' in contents ? contents.blob : undefined).toBe(image.data);
  });

  it('returns a real WAV as an audio block', async () => {
    const { client } = await connect(weather.url);
    const result = await client.callTool({ name: 'get_alert_tone', arguments: {} });
    const [audio] = result.content;
    if (audio?.type !== 'audio') throw new Error('expected an audio block');
    expect(audio.mimeType).toBe('audio/wav');
    const wav = Buffer.from(audio.data, 'base64');
    expect(wav.subarray(0, 4).toString('latin1')).toBe('RIFF');
    expect(wav.subarray(8, 16).toString('latin1')).toBe('WAVEfmt ');
    expect(wav.readUInt32LE(4)).toBe(wav.length - 8);
    expect(wav.readUInt32LE(40)).toBe(wav.length - 44);
    expect(wav.length).toBeGreaterThan(1000);
  });

  it('ends a session on DELETE and answers 404 for an unknown session id', async () => {
    const { transport } = await connect(weather.url);
    const sessionId = transport.sessionId ?? '';
    await transport.terminateSession();
    const after = await fetch(weather.url, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream', 'mcp-session-id': sessionId },
      body: JSON.stringify({ jsonrpc: '2.0', id: 2, method: 'tools/list' }),
    });
    expect(after.status).toBe(404);
    const unknown = await fetch(weather.url, { method: 'GET', headers: { 'mcp-session-id': 'no-such-session' } });
    expect(unknown.status).toBe(404);
  });
});

describe('calendar (2026-07-28 era)', () => {
  it('negotiates the modern era without a session', async () => {
    const { client, transport } = await connect(calendar.url);
    expect(client.getProtocolEra()).toBe('modern');
    expect(client.getNegotiatedProtocolVersion()).toBe('2026-07-28');
    expect(transport.sessionId).toBeUndefined();
    expect(client.getServerVersion()?.name).toBe('calendar');
  });

  it('still serves a 2025-only client through the stateless fallback', async () => {
    const { client } = await connect(calendar.url, { mode: 'legacy' });
    expect(client.getProtocolEra()).toBe('legacy');
    const { tools } = await client.listTools();
    expect(tools).toHaveLength(3);
  });

  it('lists its tools with the documented annotations', async () => {
    const { client } = await connect(calendar.url);
    const { tools } = await client.listTools();
    expect(Object.fromEntries(tools.map((tool) => [tool.name, tool.annotations]))).toEqual({
      list_events: { readOnlyHint: true, openWorldHint: false },
      create_event: { readOnlyHint: false, destructiveHint: false, idempotentHint: false, openWorldHint: false },
      export_calendar: { readOnlyHint: true, openWorldHint: false },
    });
    expect(tools.find((tool) => tool.name === 'create_event')?.inputSchema.required).toEqual(['title', 'date']);
  });

  it('lists the seeded events, creates one and exports the day as iCalendar', async () => {
    const own = await startCalendar();
    try {
      const { client } = await connect(own.url);
      const before = await client.callTool({ name: 'list_events', arguments: { date: SEED_DATE } });
      expect(before.structuredContent).toEqual({ date: SEED_DATE, events: SEED_EVENTS });
      expect(textOf(before)).toBe(
        '3 events on 2026-12-01:\n09:00 Team standup (evt-1)\n14:00 Design review (evt-2)\n19:30 Dinner with Ana (evt-3)',
      );

      const created = await client.callTool({
        name: 'create_event',
        arguments: { title: 'Dentist', date: SEED_DATE, time: '11:15' },
      });
      expect(textOf(created)).toBe('Created event evt-4: "Dentist" on 2026-12-01 at 11:15.');
      const after = await client.callTool({ name: 'list_events', arguments: { date: SEED_DATE } });
      const events = (after.structuredContent as { events: Array<{ id: string }> }).events;
      expect(events.map((event) => event.id)).toEqual(['evt-1', 'evt-4', 'evt-2', 'evt-3']);

      const exported = await client.callTool({ name: 'export_calendar', arguments: { date: SEED_DATE } });
      const [block] = exported.content;
      if (block?.type !== 'resource' || !('text' in block.resource)) throw new Error('expected an embedded text resource');
      expect(block.resource.uri).toBe('calendar://2026-12-01.ics');
      expect(block.resource.mimeType).toBe('text/calendar');
      expect(block.resource.text.startsWith('BEGIN:VCALENDAR\r\nVERSION:2.0\r\n')).toBe(true);
      expect(block.resource.text).toContain('DTSTART:20261201T111500\r\nSUMMARY:Dentist\r\n');
      expect(block.resource.text.match(/BEGIN:VEVENT/g)).toHaveLength(4);

      const empty = await client.callTool({ name: 'list_events', arguments: { date: '2027-01-01' } });
      expect(textOf(empty)).toBe('No events on 2027-01-01.');
      const bad = await client.callTool({ name: 'create_event', arguments: { title: 'X', date: 'tomorrow' } });
      expect(bad.isError).toBe(true);
    } finally {
      await own.close();
    }
  });
});

describe('CORS', () => {
  it('answers a preflight with exactly the specified headers on both demo servers', async () => {
    for (const url of [weather.url, calendar.url]) {
      const response = await preflight(url);
      expect(response.status).toBe(204);
      expect(accessControlHeaders(response)).toEqual(EXPECTED_CORS);
    }
  });

  it('puts the CORS headers on real responses too, with * when there is no Origin', async () => {
    const response = await fetch(weather.url, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream' },
      body: INITIALIZE_BODY,
    });
    expect(response.status).toBe(200);
    expect(response.headers.get('mcp-session-id')).toBeTruthy();
    expect(accessControlHeaders(response)).toEqual({ ...EXPECTED_CORS, 'access-control-allow-origin': '*' });
    await response.body?.cancel();
  });

  it('builds each mistake from the options', () => {
    expect(corsHeaders(undefined, { enabled: false })).toEqual({});
    expect(corsHeaders('http://a', { omitAllowHeaders: ['MCP-Method'] })['Access-Control-Allow-Headers']).toBe(
      CORS_ALLOW_HEADERS.filter((name) => name !== 'mcp-method').join(', '),
    );
    expect(corsHeaders('http://a', { exposeSessionId: false })['Access-Control-Expose-Headers']).toBe(
      CORS_EXPOSE_HEADERS.slice(1).join(', '),
    );
    expect(corsHeaders('http://a', { allowDelete: false })['Access-Control-Allow-Methods']).toBe('GET, POST, OPTIONS');
  });

  it('lab /nocors sends no CORS headers at all', async () => {
    const response = await preflight(lab.endpoints.nocors);
    expect(response.status).toBe(405);
    expect(accessControlHeaders(response)).toEqual({});
    const post = await fetch(lab.endpoints.nocors, {
      method: 'POST',
      headers: { Origin: ORIGIN, 'content-type': 'application/json', accept: 'application/json, text/event-stream' },
      body: INITIALIZE_BODY,
    });
    expect(post.status).toBe(200);
    expect(accessControlHeaders(post)).toEqual({});
    await post.body?.cancel();
  });

  it('lab mistake modes differ from the correct set in exactly one header', async () => {
    const cases = [
      ['hidden-session', 'access-control-expose-headers', 'mcp-protocol-version, www-authenticate'],
      ['no-delete', 'access-control-allow-methods', 'GET, POST, OPTIONS'],
      [
        'missing-header',
        'access-control-allow-headers',
        'content-type, authorization, mcp-session-id, last-event-id, mcp-method, mcp-name, accept',
      ],
    ] as const;
    for (const [mode, header, value] of cases) {
      const response = await preflight(lab.endpoints[mode]);
      expect(response.status).toBe(204);
      expect(accessControlHeaders(response)).toEqual({ ...EXPECTED_CORS, [header]: value });
    }
  });

  it('lab mistake modes still speak MCP (only a browser would fail)', async () => {
    for (const mode of ['nocors', 'hidden-session', 'no-delete', 'missing-header'] as const) {
      const { client, transport } = await connect(lab.endpoints[mode]);
      expect(client.getProtocolEra()).toBe('legacy');
      expect(transport.sessionId).toBeTruthy();
      const result = await client.callTool({ name: 'echo', arguments: { text: mode } });
      expect(textOf(result)).toBe(mode);
    }
  });
});

describe('lab special endpoints', () => {
  it('/paged lists 7 tools over 3 pages and announces added tools', async () => {
    const cursors: Array<string | undefined> = [];
    const recordingFetch: typeof fetch = async (input, init) => {
      if (typeof init?.body === 'string') {
        const message = JSON.parse(init.body) as { method?: string; params?: { cursor?: string } };
        if (message.method === 'tools/list') cursors.push(message.params?.cursor);
      }
      return fetch(input, init);
    };
    const { client } = await connect(lab.endpoints.paged, { fetch: recordingFetch });
    expect(client.getServerCapabilities()?.tools).toEqual({ listChanged: true });
    const { tools } = await client.listTools();
    expect(tools.map((tool) => tool.name)).toEqual(PAGED_TOOL_NAMES);
    expect(cursors).toEqual([undefined, 'offset:3', 'offset:6']);

    const second = await client.listTools({ cursor: 'offset:3' });
    expect(second.tools.map((tool) => tool.name)).toEqual(['delta', 'echo', 'foxtrot']);
    expect(second.nextCursor).toBe('offset:6');
    const last = await client.listTools({ cursor: 'offset:6' });
    expect(last.tools.map((tool) => tool.name)).toEqual(['add_tool']);
    expect(last.nextCursor).toBeUndefined();

    let changed = 0;
    client.setNotificationHandler('notifications/tools/list_changed', () => {
      changed++;
    });
    const added = await client.callTool({ name: 'add_tool', arguments: { name: 'golf' } });
    expect(textOf(added)).toBe('Added tool golf. The server now has 8 tools.');
    expect(changed).toBe(1);
    const grown = await client.listTools();
    expect(grown.tools.map((tool) => tool.name)).toEqual([...PAGED_TOOL_NAMES, 'golf']);
    expect(textOf(await client.callTool({ name: 'golf', arguments: {} }))).toBe('golf was called');
  });

  it('/slow sleeps with progress and stops when cancelled', async () => {
    const { client } = await connect(lab.endpoints.slow);
    const progress: number[] = [];
    const result = await client.callTool(
      { name: 'sleep', arguments: { ms: 200 } },
      { onprogress: (update) => progress.push(update.progress) },
    );
    expect(textOf(result)).toBe('Slept 200 ms.');
    expect(progress).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);

    const filled = textOf(await client.callTool({ name: 'fill', arguments: { chars: 20_000 } }));
    expect(filled).toHaveLength(20_000);
    expect(filled.startsWith('20000 characters: ')).toBe(true);

    const controller = new AbortController();
    const started = Date.now();
    const call = client.callTool({ name: 'sleep', arguments: { ms: 30_000 } }, { signal: controller.signal });
    setTimeout(() => controller.abort('user cancelled'), 100);
    await expect(call).rejects.toThrow();
    expect(Date.now() - started).toBeLessThan(5_000);
    // The session is still usable after a cancellation.
    expect(textOf(await client.callTool({ name: 'sleep', arguments: { ms: 0 } }))).toBe('Slept 0 ms.');
  });

  it('/wild lists odd and hostile tools verbatim', async () => {
    const { client } = await connect(lab.endpoints.wild);
    const { tools } = await client.listTools();
    expect(tools.map((tool) => tool.name)).toEqual(WILD_TOOL_NAMES);
    expect(LONG_TOOL_NAME).toHaveLength(128);
    expect(LONG_TOOL_NAME).toMatch(/^[A-Za-z0-9_.-]+$/);
    const hostile = tools.find((tool) => tool.name === 'hostile_description');
    expect(hostile?.description).toContain('<img src=x onerror="window.__pwned=1">');
    expect(hostile?.description).toContain('<script>window.__pwned=1</script>');
    expect(hostile?.description).toContain('[click](javascript:window.__pwned=1)');
    const result = await client.callTool({ name: 'hostile_result', arguments: {} });
    expect(textOf(result)).toContain(HOSTILE_PAYLOAD);
    expect(textOf(await client.callTool({ name: 'files.read.v2', arguments: { path: 'a.txt' } }))).toBe('Contents of a.txt: hello');
  });

  it('/error-text answers 500 with plain text, /garbage answers 200 with a body that is not JSON', async () => {
    const init = {
      method: 'POST',
      headers: { Origin: ORIGIN, 'content-type': 'application/json', accept: 'application/json, text/event-stream' },
      body: INITIALIZE_BODY,
    };
    const error = await fetch(lab.endpoints['error-text'], init);
    expect(error.status).toBe(500);
    expect(error.headers.get('content-type')).toMatch(/^text\/plain/);
    expect(error.headers.get('access-control-allow-origin')).toBe(ORIGIN);
    expect(await error.text()).toBe(ERROR_TEXT_BODY);

    const garbage = await fetch(lab.endpoints.garbage, init);
    expect(garbage.status).toBe(200);
    expect(garbage.headers.get('content-type')).toBe('application/json');
    expect(garbage.headers.get('access-control-allow-origin')).toBe(ORIGIN);
    expect(await garbage.text()).toBe(GARBAGE_BODY);

    await expect(connect(lab.endpoints['error-text'])).rejects.toThrow();
    await expect(connect(lab.endpoints.garbage)).rejects.toThrow();
  });

  it('/auth answers 401 with a Bearer challenge naming the resource metadata and scope', async () => {
    const response = await fetch(lab.endpoints.auth, {
      method: 'POST',
      headers: { Origin: ORIGIN, 'content-type': 'application/json' },
      body: INITIALIZE_BODY,
    });
    expect(response.status).toBe(401);
    const host = new URL(lab.url).host;
    expect(response.headers.get('www-authenticate')).toBe(
      `Bearer resource_metadata="http://${host}/.well-known/oauth-protected-resource", scope="${AUTH_SCOPE}"`,
    );
    expect(response.headers.get('access-control-expose-headers')).toContain('www-authenticate');
    await response.body?.cancel();
  });
});

describe('startDemo', () => {
  it('starts both demo servers and stops them', async () => {
    const demo = await startDemo({ weatherPort: 0, calendarPort: 0 });
    expect(demo.weather.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/mcp$/);
    expect(demo.calendar.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/mcp$/);
    const [w, c] = await Promise.all([preflight(demo.weather.url), preflight(demo.calendar.url)]);
    expect([w.status, c.status]).toEqual([204, 204]);
    await demo.close();
    await expect(fetch(demo.weather.url, { method: 'OPTIONS' })).rejects.toThrow();
    await expect(fetch(demo.calendar.url, { method: 'OPTIONS' })).rejects.toThrow();
  });
});
