import { useEffect, useState } from 'react';
import { parseMcpConfig } from '../../core/config';
import type { ConfigProblem } from '../../core/config';

/** The problems of one version of the text. */
export interface ParsedText {
  text: string;
  problems: ConfigProblem[];
}

/** Default debounce before re-parsing, in milliseconds. */
export const PARSE_DELAY_MS = 150;

/**
 * Parses the text with `parseMcpConfig`, at once for the first text and then debounced
 * (`delayMs` after the last change), so typing stays smooth.
 */
export function useParsedConfig(text: string, delayMs = PARSE_DELAY_MS): ParsedText {
  const [parsed, setParsed] = useState<ParsedText>(() => parse(text));
  useEffect(() => {
    if (parsed.text === text) return;
    const timer = setTimeout(() => setParsed(parse(text)), delayMs);
    return () => clearTimeout(timer);
  }, [text, delayMs, parsed.text]);
  return parsed;
}

function parse(text: string): ParsedText {
  return { text, problems: parseMcpConfig(text).problems };
}
