import { describe, expect, it } from 'vitest';
import { expandUriTemplate, parseUriTemplate, UriTemplateError, uriTemplateVariables } from './uri-template';
import type { UriTemplateValues } from './uri-template';

/** The variables of RFC 6570 section 3.2. */
const RFC_VALUES: UriTemplateValues = {
  count: ['one', 'two', 'three'],
  dom: ['example', 'com'],
  dub: 'me/too',
  hello: 'Hello World!',
  half: '50%',
  var: 'value',
  who: 'fred',
  base: 'http://example.com/home/',
  path: '/foo/bar',
  list: ['red', 'green', 'blue'],
  keys: { semi: ';', dot: '.', comma: ',' },
  v: '6',
  x: '1024',
  y: '768',
  empty: '',
  empty_keys: {},
  undef: null,
};

/** Every example of RFC 6570 sections 3.2.2–3.2.9: [template, expansion]. */
const RFC_EXAMPLES: Array<[string, string]> = [
  // 3.2.2 simple string expansion
  ['{var}', 'value'],
  ['{hello}', 'Hello%20World%21'],
  ['{half}', '50%25'],
  ['O{empty}X', 'OX'],
  ['O{undef}X', 'OX'],
  ['{x,y}', '1024,768'],
  ['{x,hello,y}', '1024,Hello%20World%21,768'],
  ['?{x,empty}', '?1024,'],
  ['?{x,undef}', '?1024'],
  ['?{undef,y}', '?768'],
  ['{var:3}', 'val'],
  ['{var:30}', 'value'],
  ['{list}', 'red,green,blue'],
  ['{list*}', 'red,green,blue'],
  ['{keys}', 'semi,%3B,dot,.,comma,%2C'],
  ['{keys*}', 'semi=%3B,dot=.,comma=%2C'],
  // 3.2.3 reserved expansion
  ['{+var}', 'value'],
  ['{+hello}', 'Hello%20World!'],
  ['{+half}', '50%25'],
  ['{base}index', 'http%3A%2F%2Fexample.com%2Fhome%2Findex'],
  ['{+base}index', 'http://example.com/home/index'],
  ['O{+empty}X', 'OX'],
  ['O{+undef}X', 'OX'],
  ['{+path}/here', '/foo/bar/here'],
  ['here?ref={+path}', 'here?ref=/foo/bar'],
  ['up{+path}{var}/here', 'up/foo/barvalue/here'],
  ['{+x,hello,y}', '1024,Hello%20World!,768'],
  ['{+path,x}/here', '/foo/bar,1024/here'],
  ['{+path:6}/here', '/foo/b/here'],
  ['{+list}', 'red,green,blue'],
  ['{+list*}', 'red,green,blue'],
  ['{+keys}', 'semi,;,dot,.,comma,,'],
  ['{+keys*}', 'semi=;,dot=.,comma=,'],
  // 3.2.4 fragment expansion
  ['{#var}', '#value'],
  ['{#hello}', '#Hello%20World!'],
  ['{#half}', '#50%25'],
  ['foo{#empty}', 'foo#'],
  ['foo{#undef}', 'foo'],
  ['{#x,hello,y}', '#1024,Hello%20World!,768'],
  ['{#path,x}/here', '#/foo/bar,1024/here'],
  ['{#path:6}/here', '#/foo/b/here'],
  ['{#list}', '#red,green,blue'],
  ['{#list*}', '#red,green,blue'],
  ['{#keys}', '#semi,;,dot,.,comma,,'],
  ['{#keys*}', '#semi=;,dot=.,comma=,'],
  // 3.2.5 label expansion with dot-prefix
  ['{.who}', '.fred'],
  ['{.who,who}', '.fred.fred'],
  ['{.half,who}', '.50%25.fred'],
  ['www{.dom*}', 'www.example.com'],
  ['X{.var}', 'X.value'],
  ['X{.empty}', 'X.'],
  ['X{.undef}', 'X'],
  ['X{.var:3}', 'X.val'],
  ['X{.list}', 'X.red,green,blue'],
  ['X{.list*}', 'X.red.green.blue'],
  ['X{.keys}', 'X.semi,%3B,dot,.,comma,%2C'],
  ['X{.keys*}', 'X.semi=%3B.dot=..comma=%2C'],
  ['X{.empty_keys}', 'X'],
  ['X{.empty_keys*}', 'X'],
  // 3.2.6 path segment expansion
  ['{/who}', '/fred'],
  ['{/who,who}', '/fred/fred'],
  ['{/half,who}', '/50%25/fred'],
  ['{/who,dub}', '/fred/me%2Ftoo'],
  ['{/var}', '/value'],
  ['{/var,empty}', '/value/'],
  ['{/var,undef}', '/value'],
  ['{/var,x}/here', '/value/1024/here'],
  ['{/var:1,var}', '/v/value'],
  ['{/list}', '/red,green,blue'],
  ['{/list*}', '/red/green/blue'],
  ['{/list*,path:4}', '/red/green/blue/%2Ffoo'],
  ['{/keys}', '/semi,%3B,dot,.,comma,%2C'],
  ['{/keys*}', '/semi=%3B/dot=./comma=%2C'],
  // 3.2.7 path-style parameter expansion
  ['{;who}', ';who=fred'],
  ['{;half}', ';half=50%25'],
  ['{;empty}', ';empty'],
  ['{;v,empty,who}', ';v=6;empty;who=fred'],
  ['{;v,bar,who}', ';v=6;who=fred'],
  ['{;x,y}', ';x=1024;y=768'],
  ['{;x,y,empty}', ';x=1024;y=768;empty'],
  ['{;x,y,undef}', ';x=1024;y=768'],
  ['{;hello:5}', ';hello=Hello'],
  ['{;list}', ';list=red,green,blue'],
  ['{;list*}', ';list=red;list=green;list=blue'],
  ['{;keys}', ';keys=semi,%3B,dot,.,comma,%2C'],
  ['{;keys*}', ';semi=%3B;dot=.;comma=%2C'],
  // 3.2.8 form-style query expansion
  ['{?who}', '?who=fred'],
  ['{?half}', '?half=50%25'],
  ['{?x,y}', '?x=1024&y=768'],
  ['{?x,y,empty}', '?x=1024&y=768&empty='],
  ['{?x,y,undef}', '?x=1024&y=768'],
  ['{?var:3}', '?var=val'],
  ['{?list}', '?list=red,green,blue'],
  ['{?list*}', '?list=red&list=green&list=blue'],
  ['{?keys}', '?keys=semi,%3B,dot,.,comma,%2C'],
  ['{?keys*}', '?semi=%3B&dot=.&comma=%2C'],
  // 3.2.9 form-style query continuation
  ['{&who}', '&who=fred'],
  ['{&half}', '&half=50%25'],
  ['?fixed=yes{&x}', '?fixed=yes&x=1024'],
  ['{&x,y,empty}', '&x=1024&y=768&empty='],
  ['{&var:3}', '&var=val'],
  ['{&list}', '&list=red,green,blue'],
  ['{&list*}', '&list=red&list=green&list=blue'],
  ['{&keys}', '&keys=semi,%3B,dot,.,comma,%2C'],
  ['{&keys*}', '&semi=%3B&dot=.&comma=%2C'],
];

/** The code and index of the error a template throws. */
function failure(template: string): [string, number] | undefined {
  try {
    parseUriTemplate(template);
    return undefined;
  } catch (error) {
    if (!(error instanceof UriTemplateError)) throw error;
    return [error.code, error.index];
  }
}

describe('expandUriTemplate', () => {
  it.each(RFC_EXAMPLES)('expands %s as RFC 6570 says', (template, expected) => {
    expect(expandUriTemplate(template, RFC_VALUES)).toBe(expected);
  });

  it("expands the everything server's resource templates", () => {
    expect(expandUriTemplate('demo://resource/dynamic/text/{resourceId}', { resourceId: 7 })).toBe('demo://resource/dynamic/text/7');
    expect(expandUriTemplate('weather://radar/{city}', { city: 'New York' })).toBe('weather://radar/New%20York');
  });

  it('encodes as UTF-8, counts the prefix in characters, and encodes stray literal characters', () => {
    expect(expandUriTemplate('{city}', { city: 'Zürich' })).toBe('Z%C3%BCrich');
    expect(expandUriTemplate('{word:2}', { word: '😀😀😀' })).toBe('%F0%9F%98%80%F0%9F%98%80');
    expect(expandUriTemplate('a b/{x}', { x: 'y' })).toBe('a%20b/y');
    expect(expandUriTemplate('{+x}', { x: '%41%zz' })).toBe('%41%25zz');
  });

  it('takes parsed parts as well as text', () => {
    const parts = parseUriTemplate('file:///{+path}{?rev}');
    expect(expandUriTemplate(parts, { path: 'src/a.ts', rev: 'main' })).toBe('file:///src/a.ts?rev=main');
  });
});

describe('parseUriTemplate and uriTemplateVariables', () => {
  it('lists each variable once, in order of appearance', () => {
    expect(uriTemplateVariables('repo://{owner}/{repo}/blob/{+path}{?ref,owner}{#line}')).toEqual(['owner', 'repo', 'path', 'ref', 'line']);
    expect(uriTemplateVariables('static://no/variables')).toEqual([]);
  });

  it('parses operators and modifiers', () => {
    expect(parseUriTemplate('x{/list*,path:4}')).toEqual([
      { type: 'literal', text: 'x' },
      {
        type: 'expression',
        operator: '/',
        variables: [
          { name: 'list', explode: true },
          { name: 'path', explode: false, prefix: 4 },
        ],
      },
    ]);
    expect(uriTemplateVariables('{a.b,c%20d}')).toEqual(['a.b', 'c%20d']);
  });

  it('gives a coded error with the position of each malformed piece', () => {
    expect(failure('demo://{id')).toEqual(['unclosed-expression', 7]);
    expect(failure('demo://{a{b}')).toEqual(['unclosed-expression', 7]);
    expect(failure('demo://id}')).toEqual(['unopened-expression', 9]);
    expect(failure('demo://{}')).toEqual(['empty-expression', 7]);
    expect(failure('demo://{?}')).toEqual(['empty-expression', 7]);
    expect(failure('{=x}')).toEqual(['reserved-operator', 1]);
    expect(failure('{|x}')).toEqual(['reserved-operator', 1]);
    expect(failure('{a,b-c}')).toEqual(['invalid-variable-name', 3]);
    expect(failure('{a b}')).toEqual(['invalid-variable-name', 1]);
    expect(failure('{a,}')).toEqual(['invalid-variable-name', 3]);
    expect(failure('{.a..b}')).toEqual(['invalid-variable-name', 2]);
    expect(failure('{var:0}')).toEqual(['invalid-prefix', 5]);
    expect(failure('{var:10000}')).toEqual(['invalid-prefix', 5]);
    expect(failure('{var:3*}')).toEqual(['invalid-prefix', 5]);
  });

  it('says what is wrong in words, and expansion throws the same error', () => {
    expect(() => expandUriTemplate('demo://{a-b}', {})).toThrow(
      '"a-b" is not a variable name (letters, digits, _ and dots) (at character 9)',
    );
  });
});
