import { Fragment } from 'react';
import { escapeInvisible } from '../core/guard';

/** A span of text to highlight, UTF-16 offsets, end exclusive. */
export interface TextMark {
  start: number;
  end: number;
  kind: string;
  title?: string;
}

/** Text with invisible characters as visible escapes (`⟨U+200B ZWSP⟩`), rendered inert. */
function Escaped({ text }: { text: string }) {
  const { segments } = escapeInvisible(text);
  return (
    <>
      {segments.map((segment, index) =>
        segment.kind === 'text' ? (
          <Fragment key={index}>{segment.text}</Fragment>
        ) : (
          <span
            key={index}
            className="invisible-escape"
            data-testid="invisible-escape"
            title={`${segment.codePoints} invisible character${segment.codePoints === 1 ? '' : 's'}, shown here as an escape: the model receives them, a plain view would show nothing`}
          >
            {segment.text}
          </span>
        ),
      )}
    </>
  );
}

/**
 * Server text as plain, inert text with every invisible character made visible, and `marks`
 * highlighted (overlapping marks are joined). Never rendered as HTML.
 */
export function EscapedText({ text, marks = [] }: { text: string; marks?: readonly TextMark[] }) {
  const sorted = [...marks].filter((mark) => mark.end > mark.start).sort((a, b) => a.start - b.start);
  const pieces: Array<{ text: string; mark?: TextMark }> = [];
  let cursor = 0;
  for (const mark of sorted) {
    const start = Math.max(mark.start, cursor);
    if (start >= mark.end) continue;
    if (start > cursor) pieces.push({ text: text.slice(cursor, start) });
    pieces.push({ text: text.slice(start, mark.end), mark });
    cursor = mark.end;
  }
  if (cursor < text.length) pieces.push({ text: text.slice(cursor) });
  return (
    <>
      {pieces.map((piece, index) =>
        piece.mark ? (
          <mark key={index} className="guard-mark" data-kind={piece.mark.kind} title={piece.mark.title}>
            <Escaped text={piece.text} />
          </mark>
        ) : (
          <Escaped key={index} text={piece.text} />
        ),
      )}
    </>
  );
}
