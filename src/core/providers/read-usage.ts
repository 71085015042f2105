/** Reads a wire's token counts into neutral usage. */
import type { NeutralUsage } from '../conversation';
import { isPlainObject } from '../shared/json';

/** A usage object whose input and output counts sit under the given keys → neutral usage (counts that are not numbers are left out). */
export function readUsage(usage: unknown, inputKey: string, outputKey: string): NeutralUsage {
  if (!isPlainObject(usage)) return {};
  const result: NeutralUsage = {};
  if (typeof usage[inputKey] === 'number') result.inputTokens = usage[inputKey];
  if (typeof usage[outputKey] === 'number') result.outputTokens = usage[outputKey];
  return result;
}
