/**
 * Checks one run of a case against its expectations: the expected calls (in order, or in any
 * order), the calls it must not make, and the final answer. Each unmet expectation becomes a
 * reason that says which one failed and sets the expected calls beside the actual ones.
 */
import type { ActualCall, EvalReason, ExpectedCall, Expectation } from './eval-types';
import { describe, describeMismatches, matchValue } from './match-value';

/** The reasons a run fails its expectations; empty when it meets them all. */
export function matchExpectations(expect: Expectation, calls: readonly ActualCall[], answer: string): EvalReason[] {
  const reasons: EvalReason[] = [];
  if (expect.calls !== undefined && expect.calls.length > 0) {
    const reason = expect.anyOrder === true ? matchAnyOrder(expect.calls, calls) : matchInOrder(expect.calls, calls);
    if (reason) reasons.push(reason);
  }
  for (const forbidden of expect.noCallsTo ?? []) {
    const made = calls.filter((call) => call.tool === forbidden);
    if (made.length > 0) {
      reasons.push({
        expectation: 'noCallsTo',
        message: `${forbidden} was called ${made.length === 1 ? 'once' : `${made.length} times`}, and noCallsTo forbids it${made.some((call) => !call.ran) ? ' (not run: it is not in allowTools)' : ''}`,
        expected: { noCallsTo: forbidden },
        actual: made.map(callView),
      });
    }
  }
  if (expect.answerMatches !== undefined) {
    let pattern: RegExp | undefined;
    try {
      pattern = new RegExp(expect.answerMatches);
    } catch {
      reasons.push({ expectation: 'answerMatches', message: `answerMatches /${expect.answerMatches}/ is not a valid regular expression` });
    }
    if (pattern && !pattern.test(answer)) {
      reasons.push({
        expectation: 'answerMatches',
        message: `the answer does not match /${expect.answerMatches}/: ${describe(answer)}`,
        expected: expect.answerMatches,
        actual: answer,
      });
    }
  }
  return reasons;
}

/** Expected calls as a subsequence of the actual ones. */
function matchInOrder(expected: readonly ExpectedCall[], calls: readonly ActualCall[]): EvalReason | undefined {
  let from = 0;
  for (const [index, want] of expected.entries()) {
    const found = calls.findIndex((call, at) => at >= from && callMatches(want, call));
    if (found === -1) {
      const laterMatch = calls.findIndex((call) => callMatches(want, call));
      const note =
        laterMatch !== -1
          ? ' after the calls before it (it was made earlier: the order differs; set "anyOrder": true if the order does not matter)'
          : '';
      return missingCall(want, index, calls.slice(from), note, expected, calls);
    }
    from = found + 1;
  }
  return undefined;
}

/** Each expected call matched to a different actual call, in any order. */
function matchAnyOrder(expected: readonly ExpectedCall[], calls: readonly ActualCall[]): EvalReason | undefined {
  const used = new Set<number>();
  for (const [index, want] of expected.entries()) {
    const found = calls.findIndex((call, at) => !used.has(at) && callMatches(want, call));
    if (found === -1)
      return missingCall(
        want,
        index,
        calls.filter((_call, at) => !used.has(at)),
        '',
        expected,
        calls,
      );
    used.add(found);
  }
  return undefined;
}

function callMatches(want: ExpectedCall, call: ActualCall): boolean {
  return call.tool === want.tool && (want.arguments === undefined || matchValue(want.arguments, call.arguments).length === 0);
}

/** The reason for an expected call not made: the nearest call to the same tool and how its arguments differ. */
function missingCall(
  want: ExpectedCall,
  index: number,
  candidates: readonly ActualCall[],
  note: string,
  expected: readonly ExpectedCall[],
  calls: readonly ActualCall[],
): EvalReason {
  const sameTool = candidates.find((call) => call.tool === want.tool);
  const which = expected.length > 1 ? `expected call ${index + 1} (${want.tool})` : `expected call ${want.tool}`;
  let message: string;
  if (sameTool && want.arguments !== undefined) {
    message = `${which}: arguments differ: ${describeMismatches(matchValue(want.arguments, sameTool.arguments))}`;
  } else if (calls.length === 0) {
    message = `${which} was not made: the model called no tool`;
  } else {
    message = `${which} was not made${note}; the model called ${calls.map((call) => call.tool).join(', ')}`;
  }
  return { expectation: 'calls', message, expected: expected.map((call) => ({ ...call })), actual: calls.map(callView) };
}

function callView(call: ActualCall): { tool: string; arguments: unknown; ran: boolean } {
  return { tool: call.tool, arguments: call.arguments, ran: call.ran };
}
