/** Probe answers in words, and the exchanges they were recorded as: what every check's finding quotes. */
import { rpcError, rpcResult, type ProbeAnswer } from './probe';
import { show } from './rules';

/** What an answer was, in a few words. */
export function describeAnswer(answer: ProbeAnswer | undefined): string {
  if (!answer) return 'no request was sent';
  if (answer.error) return `no answer (${answer.error})`;
  const error = rpcError(answer);
  if (error) return `HTTP ${answer.status}, error ${show(error.code)}: ${show(error.message, 100)}`;
  const result = rpcResult(answer);
  if (result) return `HTTP ${answer.status}, result ${show(result, 120)}`;
  return `HTTP ${answer.status}${answer.body ? `, body ${show(answer.body, 100)}` : ', empty body'}`;
}

/** The recorded exchanges of some answers (for a finding's `exchangeIds`). */
export const exchanges = (...answers: Array<ProbeAnswer | undefined>): Array<number | undefined> =>
  answers.map((answer) => answer?.exchangeId);
