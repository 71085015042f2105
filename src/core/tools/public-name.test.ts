import { describe, expect, it } from 'vitest';
import { fnv1a32Hex } from '../shared/hash';
import { makePublicNames, PUBLIC_NAME_PATTERN, publicNameKey, sanitizeName } from './public-name';

const key = publicNameKey;

function namesOf(entries: Array<{ server: string; tool: string }>, reserved?: string[]) {
  const map = makePublicNames(entries, reserved);
  return entries.map((entry) => map.get(key(entry.server, entry.tool)));
}

describe('sanitizeName', () => {
  it('keeps valid names unchanged, including existing double underscores and dashes', () => {
    expect(sanitizeName('weather_get-forecast')).toBe('weather_get-forecast');
    expect(sanitizeName('a__b')).toBe('a__b');
  });

  it('turns each run of other characters into one underscore that absorbs neighbouring ones', () => {
    expect(sanitizeName('a.b')).toBe('a_b');
    expect(sanitizeName('a. b')).toBe('a_b');
    expect(sanitizeName('a_.b')).toBe('a_b');
    expect(sanitizeName('a._b')).toBe('a_b');
    expect(sanitizeName('get weather now')).toBe('get_weather_now');
  });

  it('replaces unicode by code point, not by UTF-16 unit', () => {
    expect(sanitizeName('café_😀_menu')).toBe('caf_menu');
    expect(sanitizeName('天気')).toBe('tool');
  });

  it('trims leading and trailing underscores and never returns an empty name', () => {
    expect(sanitizeName('..x..')).toBe('x');
    expect(sanitizeName('')).toBe('tool');
    expect(sanitizeName('___')).toBe('tool');
  });
});

describe('fnv1a32Hex', () => {
  it('matches the published FNV-1a 32-bit test vectors', () => {
    expect(fnv1a32Hex('')).toBe('811c9dc5');
    expect(fnv1a32Hex('a')).toBe('e40c292c');
    expect(fnv1a32Hex('foobar')).toBe('bf9cf968');
  });
});

describe('makePublicNames', () => {
  it('joins server and tool with an underscore', () => {
    expect(namesOf([{ server: 'weather', tool: 'get_forecast' }])).toEqual(['weather_get_forecast']);
  });

  it('cleans dots, spaces and other characters from both parts', () => {
    expect(
      namesOf([
        { server: 'my.company-server', tool: 'search.docs' },
        { server: 'My Calendar', tool: 'list events' },
        { server: 'café', tool: 'menu/today' },
      ]),
    ).toEqual(['my_company-server_search_docs', 'My_Calendar_list_events', 'caf_menu_today']);
  });

  it('resolves a.b / a_b collisions, giving the unchanged name to the tool that needed no change', () => {
    const entries = [
      { server: 's', tool: 'a.b' },
      { server: 's', tool: 'a_b' },
      { server: 's', tool: 'a b' },
    ];
    // 'a b' sorts before 'a.b' (space < dot), so it takes the first suffix.
    expect(namesOf(entries)).toEqual(['s_a_b_3', 's_a_b', 's_a_b_2']);
  });

  it('resolves collisions between servers (server "a.b" tool "c" vs server "a" tool "b.c")', () => {
    const names = namesOf([
      { server: 'a.b', tool: 'c' },
      { server: 'a', tool: 'b.c' },
    ]);
    expect(new Set(names).size).toBe(2);
    expect(names).toEqual(['a_b_c_2', 'a_b_c']);
  });

  it('keeps clear of reserved local tool names', () => {
    expect(namesOf([{ server: 'add', tool: 'reminder' }], ['add_reminder'])).toEqual(['add_reminder_2']);
  });

  it('skips a suffixed name that another tool already has naturally', () => {
    const entries = [
      { server: 's', tool: 'x.y' },
      { server: 's', tool: 'x_y' },
      { server: 's', tool: 'x_y_2' },
    ];
    expect(namesOf(entries)).toEqual(['s_x_y_3', 's_x_y', 's_x_y_2']);
  });

  it('shortens names over 64 characters to a readable prefix plus a stable hash', () => {
    const tool = 'x'.repeat(128);
    const [name] = namesOf([{ server: 'server', tool }]);
    expect(name).toHaveLength(64);
    expect(name).toBe(`server_${'x'.repeat(48)}_${fnv1a32Hex(`server/${tool}`)}`);
    expect(name).toMatch(PUBLIC_NAME_PATTERN);
  });

  it('gives two long names with the same start different hashes, and suffixes stay within 64', () => {
    const a = 'y'.repeat(100) + '.one';
    const b = 'y'.repeat(100) + '.two';
    const [nameA, nameB] = namesOf([
      { server: 's', tool: a },
      { server: 's', tool: b },
    ]);
    expect(nameA).not.toBe(nameB);
    expect(nameA?.slice(0, 50)).toBe(nameB?.slice(0, 50));

    // The same long tool name listed by two servers whose names clean to the same text.
    const long = 'z'.repeat(120);
    const twins = namesOf([
      { server: 'a.b', tool: long },
      { server: 'a_b', tool: long },
    ]);
    expect(twins[0]).not.toBe(twins[1]);
    for (const name of twins) expect(name).toMatch(PUBLIC_NAME_PATTERN);
  });

  it('never returns an empty or invalid name', () => {
    const entries = [
      { server: '', tool: '' },
      { server: '😀', tool: '...' },
      { server: ' ', tool: '_' },
      { server: '-', tool: '-' },
    ];
    const names = namesOf(entries);
    expect(names).toEqual(['tool', 'tool_3', 'tool_2', '-_-']);
    for (const name of names) expect(name).toMatch(PUBLIC_NAME_PATTERN);
  });

  it('is the same for every input order and across runs', () => {
    const entries = [
      { server: 'a', tool: 'b.c' },
      { server: 'a.b', tool: 'c' },
      { server: 'a', tool: 'b_c' },
      { server: 'weather', tool: 'x'.repeat(128) },
      { server: 'my.company-server', tool: 'get' },
      { server: 'add', tool: 'reminder' },
    ];
    const reference = makePublicNames(entries, ['add_reminder']);
    const reversed = makePublicNames([...entries].reverse(), ['add_reminder']);
    const rotated = makePublicNames([...entries.slice(3), ...entries.slice(0, 3)], ['add_reminder']);
    expect(new Map([...reversed].sort())).toEqual(new Map([...reference].sort()));
    expect(new Map([...rotated].sort())).toEqual(new Map([...reference].sort()));
    const readable = Object.fromEntries(
      entries.map(({ server, tool }) => [`${server} / ${tool.slice(0, 12)}`, reference.get(key(server, tool))]),
    );
    expect(readable).toMatchInlineSnapshot(`
      {
        "a / b.c": "a_b_c_2",
        "a / b_c": "a_b_c",
        "a.b / c": "a_b_c_3",
        "add / reminder": "add_reminder_2",
        "my.company-server / get": "my_company-server_get",
        "weather / xxxxxxxxxxxx": "weather_xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx_ba8bb4f4",
      }
    `);
  });

  it('ignores duplicate entries', () => {
    const map = makePublicNames([
      { server: 's', tool: 't' },
      { server: 's', tool: 't' },
    ]);
    expect(map.size).toBe(1);
    expect(map.get(key('s', 't'))).toBe('s_t');
  });

  it('keeps every name unique and valid over many awkward entries', () => {
    const entries: Array<{ server: string; tool: string }> = [];
    for (const server of ['a', 'a.', 'a_', 'a..', '.a']) {
      for (const tool of ['b', '.b', '_b', 'b.', 'b'.repeat(90), 'b'.repeat(90) + '.']) {
        entries.push({ server, tool });
      }
    }
    const names = [...makePublicNames(entries, ['a_b']).values()];
    expect(names).toHaveLength(entries.length);
    expect(new Set(names).size).toBe(names.length);
    expect(names).not.toContain('a_b');
    for (const name of names) expect(name).toMatch(PUBLIC_NAME_PATTERN);
  });
});
