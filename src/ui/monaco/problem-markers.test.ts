import { describe, expect, it } from 'vitest';
import { problem } from '../../core/config/__fixtures__/config-problem';
import { MARKER_SEVERITY, markerSeverityOf, problemToMarker, problemsToMarkers } from './problem-markers';

describe('problemToMarker', () => {
  it('turns a problem into Monaco marker data drawn over the marked text', () => {
    expect(problemToMarker(problem(), 'mcp.json')).toEqual({
      severity: 8,
      message: '"url" must be an absolute http(s) address.',
      code: 'bad-url',
      source: 'mcp.json',
      startLineNumber: 4,
      startColumn: 14,
      endLineNumber: 4,
      endColumn: 27,
    });
  });

  it('maps every severity onto Monaco numbers', () => {
    expect(markerSeverityOf('error')).toBe(MARKER_SEVERITY.error);
    expect(markerSeverityOf('warning')).toBe(4);
    expect(markerSeverityOf('info')).toBe(2);
    expect(problemToMarker(problem({ severity: 'warning' }), 'mcp.json').severity).toBe(4);
  });

  it('keeps a range that spans lines', () => {
    const marker = problemToMarker(problem({ line: 2, column: 5, endLine: 6, endColumn: 2 }), 'mcp.json');
    expect([marker.startLineNumber, marker.startColumn, marker.endLineNumber, marker.endColumn]).toEqual([2, 5, 6, 2]);
  });

  it('collapses an end before the start and clamps positions to 1', () => {
    const backwards = problemToMarker(problem({ line: 3, column: 9, endLine: 3, endColumn: 2 }), 'mcp.json');
    expect([backwards.endLineNumber, backwards.endColumn]).toEqual([3, 9]);
    const zero = problemToMarker(problem({ code: 'empty-text', line: 0, column: 0, endLine: 0, endColumn: 0 }), 'mcp.json');
    expect([zero.startLineNumber, zero.startColumn, zero.endLineNumber, zero.endColumn]).toEqual([1, 1, 1, 1]);
  });

  it('falls back to the full message when a problem has no reason', () => {
    expect(problemToMarker(problem({ reason: '' }), 'mcp.json').message).toBe(
      'Line 4, column 14: "url" must be an absolute http(s) address.',
    );
  });

  it('names the source it is given (the eval editor says evals)', () => {
    expect(problemToMarker(problem(), 'evals').source).toBe('evals');
  });

  it('converts a list in order', () => {
    const markers = problemsToMarkers(
      [problem({ code: 'insecure-url', severity: 'warning' }), problem({ code: 'no-servers', severity: 'info' })],
      'mcp.json',
    );
    expect(markers.map((m) => [m.code, m.severity])).toEqual([
      ['insecure-url', 4],
      ['no-servers', 2],
    ]);
  });
});
