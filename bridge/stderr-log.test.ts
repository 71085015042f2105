// A server's stderr as numbered lines: chunks split anywhere, a bounded buffer, polling by sequence number.
import { describe, expect, it } from 'vitest';
import { MAX_LINE_LENGTH, StderrLog } from './stderr-log';

describe('StderrLog', () => {
  it('numbers complete lines across chunks and keeps a partial line until it ends', () => {
    const log = new StderrLog();
    expect(log.write('one\ntw').map((entry) => entry.line)).toEqual(['one']);
    expect(log.write('o\r\nthree\n').map((entry) => [entry.seq, entry.line])).toEqual([
      [2, 'two'],
      [3, 'three'],
    ]);
    log.write('last without newline');
    expect(log.flush().map((entry) => entry.line)).toEqual(['last without newline']);
    expect(log.since(2)).toMatchObject({
      lines: [
        { seq: 3, line: 'three' },
        { seq: 4, line: 'last without newline' },
      ],
      next: 4,
    });
    expect(log.since(4)).toEqual({ lines: [], next: 4 });
  });

  it('keeps the last lines only, and sequence numbers go on', () => {
    const log = new StderrLog(3);
    log.write('a\nb\nc\nd\ne\n');
    expect(log.tail()).toEqual(['c', 'd', 'e']);
    expect(log.tail(2)).toEqual(['d', 'e']);
    expect(log.since(0).lines.map((entry) => entry.seq)).toEqual([3, 4, 5]);
  });

  it('cuts a huge line', () => {
    const log = new StderrLog();
    const [entry] = log.write(`${'x'.repeat(MAX_LINE_LENGTH * 2)}\n`);
    expect(entry?.line.length).toBe(MAX_LINE_LENGTH + 1);
  });
});
