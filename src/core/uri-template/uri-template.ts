/**
 * RFC 6570 URI templates (levels 1–4), for MCP resource templates: parse a template once into
 * literals and expressions, list its variables in order (the form's fields), and expand it with
 * the person's values. A malformed template is a coded UriTemplateError naming where it went wrong.
 */

/** Why a template cannot be parsed. */
export type UriTemplateErrorCode =
  'unclosed-expression' | 'unopened-expression' | 'empty-expression' | 'reserved-operator' | 'invalid-variable-name' | 'invalid-prefix';

/** A malformed template; `index` is where in the template the problem starts. */
export class UriTemplateError extends Error {
  override readonly name = 'UriTemplateError';
  /** What is wrong, for callers to branch on. */
  readonly code: UriTemplateErrorCode;
  /** The position in the template (0-based) where the problem starts. */
  readonly index: number;

  constructor(code: UriTemplateErrorCode, message: string, index: number) {
    super(`${message} (at character ${index + 1})`);
    this.code = code;
    this.index = index;
  }
}

/** The expression operators of levels 2–4 ('' is simple string expansion). */
type UriTemplateOperator = '' | '+' | '#' | '.' | '/' | ';' | '?' | '&';

/** One variable of an expression: its name and modifier. */
interface VariableSpec {
  name: string;
  /** `{list*}`: each item (or key=value pair) becomes its own part. */
  explode: boolean;
  /** `{var:3}`: at most this many characters of the value. */
  prefix?: number;
}

/** One piece of a parsed template: literal text, or an expression with its variables. */
export type UriTemplatePart =
  { type: 'literal'; text: string } | { type: 'expression'; operator: UriTemplateOperator; variables: VariableSpec[] };

/** A value a variable can take: a string (or number/boolean), a list, or an associative array. */
type UriTemplateValue = string | number | boolean | readonly string[] | Readonly<Record<string, string>>;

/** The values to expand with; undefined or null leaves a variable out, as the RFC says. */
export type UriTemplateValues = Readonly<Record<string, UriTemplateValue | null | undefined>>;

/** How each operator expands (RFC 6570 appendix A). */
const BEHAVIOUR: Record<UriTemplateOperator, { first: string; separator: string; named: boolean; ifEmpty: string; reserved: boolean }> = {
  '': { first: '', separator: ',', named: false, ifEmpty: '', reserved: false },
  '+': { first: '', separator: ',', named: false, ifEmpty: '', reserved: true },
  '#': { first: '#', separator: ',', named: false, ifEmpty: '', reserved: true },
  '.': { first: '.', separator: '.', named: false, ifEmpty: '', reserved: false },
  '/': { first: '/', separator: '/', named: false, ifEmpty: '', reserved: false },
  ';': { first: ';', separator: ';', named: true, ifEmpty: '', reserved: false },
  '?': { first: '?', separator: '&', named: true, ifEmpty: '=', reserved: false },
  '&': { first: '&', separator: '&', named: true, ifEmpty: '=', reserved: false },
};

const OPERATORS = new Set(['+', '#', '.', '/', ';', '?', '&']);
/** Operators the RFC reserves for future extensions: an error, not a literal. */
const RESERVED_OPERATORS = new Set(['=', ',', '!', '@', '|']);
const VARIABLE_NAME = /^([A-Za-z0-9_]|%[0-9A-Fa-f]{2})+(\.([A-Za-z0-9_]|%[0-9A-Fa-f]{2})+)*$/;
const UNRESERVED = /[A-Za-z0-9\-._~]/;
const RESERVED = /[:/?#[\]@!$&'()*+,;=]/;

/** Reads one variable spec (`name`, `name*`, `name:12`) at `index` in the template. */
function parseVariable(text: string, index: number): VariableSpec {
  const colon = text.indexOf(':');
  const explode = colon === -1 && text.endsWith('*');
  const name = colon !== -1 ? text.slice(0, colon) : explode ? text.slice(0, -1) : text;
  if (!VARIABLE_NAME.test(name)) {
    throw new UriTemplateError('invalid-variable-name', `"${name}" is not a variable name (letters, digits, _ and dots)`, index);
  }
  if (colon === -1) return { name, explode };
  const prefix = text.slice(colon + 1);
  if (!/^[1-9]\d{0,3}$/.test(prefix)) {
    throw new UriTemplateError(
      'invalid-prefix',
      `the length after ":" must be a number from 1 to 9999, not "${prefix}"`,
      index + colon + 1,
    );
  }
  return { name, explode: false, prefix: Number(prefix) };
}

/** Parses a template into its parts; throws UriTemplateError when it is malformed. */
export function parseUriTemplate(template: string): UriTemplatePart[] {
  const parts: UriTemplatePart[] = [];
  let index = 0;
  while (index < template.length) {
    const open = template.indexOf('{', index);
    const close = template.indexOf('}', index);
    if (close !== -1 && (open === -1 || close < open)) {
      throw new UriTemplateError('unopened-expression', '"}" without a "{" before it', close);
    }
    if (open === -1) {
      parts.push({ type: 'literal', text: template.slice(index) });
      break;
    }
    if (open > index) parts.push({ type: 'literal', text: template.slice(index, open) });
    const end = template.indexOf('}', open);
    const nested = template.indexOf('{', open + 1);
    if (end === -1 || (nested !== -1 && nested < end)) throw new UriTemplateError('unclosed-expression', '"{" is never closed', open);
    let body = template.slice(open + 1, end);
    let operator: UriTemplateOperator = '';
    if (RESERVED_OPERATORS.has(body[0] ?? '')) {
      throw new UriTemplateError('reserved-operator', `"${body[0]}" is reserved for future extensions`, open + 1);
    }
    if (OPERATORS.has(body[0] ?? '')) {
      operator = body[0] as UriTemplateOperator;
      body = body.slice(1);
    }
    if (body === '') throw new UriTemplateError('empty-expression', 'an expression needs at least one variable', open);
    let offset = open + 1 + operator.length;
    const variables = body.split(',').map((spec) => {
      const variable = parseVariable(spec, offset);
      offset += spec.length + 1;
      return variable;
    });
    parts.push({ type: 'expression', operator, variables });
    index = end + 1;
  }
  return parts;
}

/** The variable names of a template, each once, in the order they first appear. */
export function uriTemplateVariables(template: string): string[] {
  const names = parseUriTemplate(template).flatMap((part) => (part.type === 'expression' ? part.variables.map((v) => v.name) : []));
  return [...new Set(names)];
}

/** Percent-encodes `text` as UTF-8, keeping unreserved characters (and reserved ones and %XX when `reserved`). */
function encode(text: string, reserved: boolean): string {
  let out = '';
  const chars = [...text];
  for (let index = 0; index < chars.length; index++) {
    const char = chars[index] ?? '';
    if (UNRESERVED.test(char) || (reserved && RESERVED.test(char))) out += char;
    else if (reserved && char === '%' && /^[0-9A-Fa-f]{2}$/.test((chars[index + 1] ?? '') + (chars[index + 2] ?? ''))) out += char;
    else out += encodeURIComponent(char).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
  }
  return out;
}

/** Literal text as it may appear in a URI: allowed characters kept, the rest percent-encoded. */
function encodeLiteral(text: string): string {
  return encode(text, true);
}

/** The value as the RFC sees it: a string, a list or pairs; undefined when it is to be left out. */
function normalize(value: UriTemplateValue | null | undefined): string | string[] | Array<[string, string]> | undefined {
  if (value === undefined || value === null) return undefined;
  if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean') return String(value);
  if (Array.isArray(value)) return value.length === 0 ? undefined : value.map(String);
  const pairs = Object.entries(value as Record<string, string>).map(([key, item]): [string, string] => [key, String(item)]);
  return pairs.length === 0 ? undefined : pairs;
}

/** Expands one expression with `values` (RFC 6570 appendix A). */
function expandExpression(operator: UriTemplateOperator, variables: VariableSpec[], values: UriTemplateValues): string {
  const how = BEHAVIOUR[operator];
  const pieces: string[] = [];
  const named = (name: string, encoded: string) => (encoded === '' ? `${name}${how.ifEmpty}` : `${name}=${encoded}`);
  for (const variable of variables) {
    const value = normalize(values[variable.name]);
    if (value === undefined) continue;
    if (typeof value === 'string') {
      const cut = variable.prefix === undefined ? value : [...value].slice(0, variable.prefix).join('');
      const encoded = encode(cut, how.reserved);
      pieces.push(how.named ? named(variable.name, encoded) : encoded);
    } else if (!variable.explode) {
      const flat = value.map((item) =>
        typeof item === 'string' ? encode(item, how.reserved) : item.map((s) => encode(s, how.reserved)).join(','),
      );
      pieces.push(how.named ? `${variable.name}=${flat.join(',')}` : flat.join(','));
    } else {
      const items = value.map((item) => {
        if (typeof item === 'string') return how.named ? named(variable.name, encode(item, how.reserved)) : encode(item, how.reserved);
        const [key, entry] = item;
        return how.named
          ? named(encode(key, how.reserved), encode(entry, how.reserved))
          : `${encode(key, how.reserved)}=${encode(entry, how.reserved)}`;
      });
      pieces.push(items.join(how.separator));
    }
  }
  return pieces.length === 0 ? '' : how.first + pieces.join(how.separator);
}

/** Expands a template (or its parsed parts) with `values`; throws UriTemplateError for a bad template. */
export function expandUriTemplate(template: string | readonly UriTemplatePart[], values: UriTemplateValues): string {
  const parts = typeof template === 'string' ? parseUriTemplate(template) : template;
  return parts
    .map((part) => (part.type === 'literal' ? encodeLiteral(part.text) : expandExpression(part.operator, part.variables, values)))
    .join('');
}
