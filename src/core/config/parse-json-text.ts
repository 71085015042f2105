import type { Node as JsonNode, ParseError } from 'jsonc-parser';
import { createScanner, parseTree } from 'jsonc-parser';
import type { ConfigProblemCode } from './config-types';
import type { ProblemList } from './problem-list';

// jsonc-parser's ParseErrorCode and SyntaxKind are `const enum`s, which isolatedModules cannot import.
const PARSE_ERROR = {
  InvalidSymbol: 1,
  InvalidNumberFormat: 2,
  PropertyNameExpected: 3,
  ValueExpected: 4,
  ColonExpected: 5,
  CommaExpected: 6,
  CloseBraceExpected: 7,
  CloseBracketExpected: 8,
  EndOfFileExpected: 9,
  InvalidCommentToken: 10,
  UnexpectedEndOfComment: 11,
  UnexpectedEndOfString: 12,
  UnexpectedEndOfNumber: 13,
  InvalidUnicode: 14,
  InvalidEscapeCharacter: 15,
  InvalidCharacter: 16,
} as const;
type ParseErrorNumber = (typeof PARSE_ERROR)[keyof typeof PARSE_ERROR];

const TOKEN = {
  CloseBrace: 2,
  CloseBracket: 4,
  Comma: 5,
  LineComment: 12,
  BlockComment: 13,
  LineBreak: 14,
  Trivia: 15,
  EOF: 17,
} as const;

/** The JSON tree of a text (or undefined), and whether the text had a syntax error (comments and trailing commas are only warnings). */
export interface ParsedJsonText {
  root: JsonNode | undefined;
  hasSyntaxErrors: boolean;
}

/**
 * Parses JSON leniently with jsonc-parser, keeping node offsets. Syntax errors become `error` problems
 * with a plain reason; comments and trailing commas parse but are reported as warnings, because plain
 * JSON (Claude Desktop, Cursor) rejects them while VS Code's JSONC accepts them.
 */
export function parseJsonText(text: string, problems: ProblemList): ParsedJsonText {
  if (isBlank(text)) {
    problems.add({
      code: 'empty-text',
      severity: 'error',
      offset: 0,
      length: 0,
      reason: 'The text is empty: paste an mcp.json, like {"mcpServers": {"weather": {"url": "https://example.com/mcp"}}}',
    });
    return { root: undefined, hasSyntaxErrors: true };
  }

  const errors: ParseError[] = [];
  const root = parseTree(text, errors, { allowTrailingComma: true, disallowComments: false, allowEmptyContent: false });
  // After most syntax errors the parser's recovery produces follow-on errors that only confuse
  // ("extra text after the end"), so only the first is reported. A missing comma recovers cleanly,
  // so the error after it is real and is reported too.
  for (const error of errors) {
    const { code, reason } = describeParseError(error, text, root);
    problems.add({ code, severity: 'error', offset: error.offset, length: error.length, reason });
    if (code !== 'json-comma-expected') break;
  }
  reportCommentsAndTrailingCommas(text, problems);
  return { root, hasSyntaxErrors: errors.length > 0 };
}

function isBlank(text: string): boolean {
  const scanner = createScanner(text, true);
  return scanner.scan() === TOKEN.EOF;
}

function reportCommentsAndTrailingCommas(text: string, problems: ProblemList): void {
  const scanner = createScanner(text, false);
  let lastSignificant: { kind: number; offset: number } | undefined;
  for (let kind: number = scanner.scan(); kind !== TOKEN.EOF; kind = scanner.scan()) {
    const offset = scanner.getTokenOffset();
    const length = scanner.getTokenLength();
    if (kind === TOKEN.LineComment || kind === TOKEN.BlockComment) {
      problems.add({
        code: 'json-comment',
        severity: 'warning',
        offset,
        length,
        reason: 'Comments are not allowed in JSON (VS Code accepts them; Claude Desktop and Cursor do not). Glassbox ignores it',
      });
      continue;
    }
    if (kind === TOKEN.LineBreak || kind === TOKEN.Trivia) continue;
    if ((kind === TOKEN.CloseBrace || kind === TOKEN.CloseBracket) && lastSignificant?.kind === TOKEN.Comma) {
      problems.add({
        code: 'json-trailing-comma',
        severity: 'warning',
        offset: lastSignificant.offset,
        length: 1,
        reason: `A trailing comma before "${kind === TOKEN.CloseBrace ? '}' : ']'}" is not allowed in JSON (VS Code accepts it; Claude Desktop and Cursor do not): remove it`,
      });
    }
    lastSignificant = { kind, offset };
  }
}

function describeParseError(error: ParseError, text: string, root: JsonNode | undefined): { code: ConfigProblemCode; reason: string } {
  const atEnd = error.offset >= text.length;
  const found = text.slice(error.offset, error.offset + Math.max(error.length, 1));
  const missing = (what: string): string =>
    atEnd ? `Unexpected end of text: a "${what}" is missing` : `A "${what}" is missing before this`;
  // jsonc-parser's codes are a closed numeric set; cast once to use the named constants below.
  const code = error.error as number as ParseErrorNumber;
  switch (code) {
    case PARSE_ERROR.InvalidSymbol:
      if (found.startsWith("'")) {
        return { code: 'json-invalid-symbol', reason: 'Unexpected character "\'": JSON strings and names use double quotes, like "url"' };
      }
      if (/^[A-Za-z_$]/.test(found)) {
        return {
          code: 'json-invalid-symbol',
          reason: `Unexpected word "${found}": names and text in JSON go in double quotes, like "${found}"`,
        };
      }
      return { code: 'json-invalid-symbol', reason: `Unexpected character "${found.slice(0, 1)}"` };
    case PARSE_ERROR.InvalidNumberFormat:
    case PARSE_ERROR.UnexpectedEndOfNumber:
      return { code: 'json-invalid-number', reason: 'This is not a valid number: write digits only, like 30000' };
    case PARSE_ERROR.PropertyNameExpected:
      return {
        code: 'json-property-name-expected',
        reason: atEnd
          ? 'Unexpected end of text: a property name is missing'
          : 'A property name in double quotes is expected here, like "url"',
      };
    case PARSE_ERROR.ValueExpected:
      return {
        code: 'json-value-expected',
        reason: atEnd
          ? 'Unexpected end of text: a value is missing'
          : 'A value is expected here: text in double quotes, a number, true, false, null, an object {…} or a list […]',
      };
    case PARSE_ERROR.ColonExpected:
      return { code: 'json-colon-expected', reason: atEnd ? missing(':') : 'A ":" is expected between a property name and its value' };
    case PARSE_ERROR.CommaExpected:
      return { code: 'json-comma-expected', reason: atEnd ? missing(',') : 'A "," is missing before this entry' };
    case PARSE_ERROR.CloseBraceExpected:
      return { code: 'json-close-brace-expected', reason: missing('}') };
    case PARSE_ERROR.CloseBracketExpected:
      return { code: 'json-close-bracket-expected', reason: missing(']') };
    case PARSE_ERROR.EndOfFileExpected:
      if (root?.type === 'string' && /^\s*:/.test(text.slice(root.offset + root.length))) {
        return { code: 'json-end-expected', reason: 'The outer "{" and "}" are missing: wrap the whole text in braces' };
      }
      return {
        code: 'json-end-expected',
        reason: 'Extra text after the end of the JSON value: a file holds one object; remove this or merge it into the object',
      };
    case PARSE_ERROR.InvalidCommentToken:
      return { code: 'json-comment', reason: 'Comments are not allowed in JSON' };
    case PARSE_ERROR.UnexpectedEndOfComment:
      return { code: 'json-unterminated-comment', reason: 'A "/*" comment is not closed: a "*/" is missing' };
    case PARSE_ERROR.UnexpectedEndOfString:
      return { code: 'json-unterminated-string', reason: 'A string is not closed: a closing double quote (") is missing' };
    case PARSE_ERROR.InvalidUnicode:
      return { code: 'json-invalid-escape', reason: 'Invalid "\\u" escape: it needs four hexadecimal digits, like \\u00e9' };
    case PARSE_ERROR.InvalidEscapeCharacter:
      return {
        code: 'json-invalid-escape',
        reason: 'Invalid escape in a string: a backslash must be written as \\\\ (Windows paths need doubled backslashes)',
      };
    case PARSE_ERROR.InvalidCharacter:
      return {
        code: 'json-invalid-character',
        reason: 'A string cannot contain a line break, tab or other control character: write it as \\n or \\t',
      };
    default: {
      const unreachable: never = code;
      return { code: 'json-invalid-symbol', reason: `This is not valid JSON (parser error ${String(unreachable)})` };
    }
  }
}
