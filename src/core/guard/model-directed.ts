/**
 * Text addressed to the model rather than the person: orders to ignore earlier instructions, to
 * keep something from the user, to read files or secrets, to call or feed other tools, or to do
 * something before answering. Tool descriptions legitimately tell the model how to use the tool
 * ("Returns…", "Use this to…"), so the patterns target what a tool has no business asking.
 */

/** One match of a model-directed pattern (UTF-16 offsets, end exclusive). */
export interface DirectedMatch {
  start: number;
  end: number;
  reason: string;
}

interface Pattern {
  pattern: RegExp;
  reason: string;
}

/** Things a tool would only ask for to get at what it should not. */
const SENSITIVE = String.raw`(?:~\/(?:[\w./-]*[\w/])?|\.ssh\b|id_rsa|id_ed25519|\.env\b|\/etc\/passwd|private keys?|api[ _-]?keys?|access tokens?|auth(?:entication)? tokens?|passwords?|passphrases?|credentials?|secrets?|mcp\.json|\.aws\b|\.npmrc|cookies?)`;
const HIDE_VERBS = String.raw`(?:tell|mention|inform|show|reveal|notify|alert|say)`;

/** Patterns and what each means, in plain words. All case-insensitive. */
const PATTERNS: readonly Pattern[] = [
  {
    pattern:
      /\b(?:ignore|disregard|forget|override|bypass)\s+(?:all\s+|any\s+)?(?:(?:the|your)\s+)?(?:previous|prior|above|earlier|preceding|other|system|original)\s+(?:instructions?|prompts?|rules|directions|guidelines|messages)\b/giu,
    reason: 'Tells the model to ignore its instructions: a tool has no reason to say this.',
  },
  {
    pattern: new RegExp(
      String.raw`\b(?:do\s+not|don't|never|without)\s+(?:ever\s+)?(?:${HIDE_VERBS}(?:ing)?|letting)\s+(?:\w+\s+){0,3}?(?:the\s+)?(?:user|person|human)\b`,
      'giu',
    ),
    reason: 'Asks the model to keep something from you.',
  },
  {
    pattern: /\b(?:hide|conceal|keep)\s+(?:\w+\s+){0,4}?(?:from|secret\s+from)\s+(?:the\s+)?(?:user|person|human)\b/giu,
    reason: 'Asks the model to keep something from you.',
  },
  {
    pattern: /\b(?:the\s+)?(?:user|person|human)\s+(?:must|should|need)\s+(?:not|never)\s+(?:know|see|find out|be told)\b/giu,
    reason: 'Asks the model to keep something from you.',
  },
  {
    pattern: new RegExp(
      String.raw`\b(?:read|cat|open|load|include|send|pass|attach|upload|copy|extract|collect|provide|forward|append|fetch|retrieve)\b[^.\n]{0,60}?${SENSITIVE}`,
      'giu',
    ),
    reason: 'Asks the model to read or hand over files, keys or other secrets.',
  },
  {
    pattern:
      /\b(?:before|prior\s+to)\s+(?:answering|responding|replying|you\s+(?:answer|respond|reply)|(?:any|every)\s+(?:other\s+)?(?:answer|response|reply|tool))\b/giu,
    reason: 'Tells the model what to do before it answers you: instructions hidden in a tool description.',
  },
  {
    pattern: /\b(?:always|first|must|instead)\s+(?:call|invoke|run|use)\s+(?:the\s+)?[`'"]?[\w.-]+[`'"]?\s+(?:tool|function)\b/giu,
    reason: 'Tells the model to call another tool: one tool steering how others are used.',
  },
  {
    pattern: /\b(?:pass|send|forward|put)\s+(?:its|their|the\s+file'?s?)\s+(?:full\s+)?(?:contents?|text|output)\s+(?:as|in|into|to)\b/giu,
    reason: 'Tells the model to pass data it got elsewhere into an argument: a way to smuggle it out.',
  },
  {
    pattern: /<\s*\/?\s*(?:important|system|instructions?|secret|admin|hidden)\s*>/giu,
    reason: 'A pseudo-tag the model may take for a system instruction.',
  },
  {
    pattern: /\b(?:you\s+are\s+now|from\s+now\s+on,?\s+you|new\s+system\s+(?:prompt|instructions?))\b/giu,
    reason: "Tries to change the model's role or rules.",
  },
];

/** Every model-directed passage in `text`, in order; overlapping matches are merged into the first. */
export function findModelDirected(text: string): DirectedMatch[] {
  const matches: DirectedMatch[] = [];
  for (const { pattern, reason } of PATTERNS) {
    pattern.lastIndex = 0;
    for (const match of text.matchAll(pattern)) {
      const start = match.index ?? 0;
      matches.push({ start, end: start + match[0].trimEnd().length, reason });
    }
  }
  matches.sort((a, b) => a.start - b.start || b.end - a.end);
  const merged: DirectedMatch[] = [];
  for (const match of matches) {
    const last = merged[merged.length - 1];
    if (last !== undefined && match.start < last.end) {
      last.end = Math.max(last.end, match.end);
      continue;
    }
    merged.push({ ...match });
  }
  return merged;
}
