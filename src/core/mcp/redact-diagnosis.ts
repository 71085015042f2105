/**
 * Diagnoses, problems and warnings speak of server URLs ("Nothing answered at https://…"): each
 * goes through the one URL policy before a card, a chat error or the model sees it, so a
 * `?token=` value in a configured URL is never shown.
 */
import { redactUrlsInText } from '../secrets';
import type { ServerState } from './connection-state';
import type { Diagnosis } from './diagnosis';

/** A diagnosis with every URL in its texts redacted. */
export function redactDiagnosis(diagnosis: Diagnosis): Diagnosis {
  return {
    ...diagnosis,
    title: redactUrlsInText(diagnosis.title),
    detail: redactUrlsInText(diagnosis.detail),
    ...(diagnosis.serverText === undefined ? {} : { serverText: redactUrlsInText(diagnosis.serverText) }),
  };
}

/** A state change with its diagnosis, last problem and warnings redacted (the rest as given). */
export function redactStatePatch(patch: Partial<ServerState>): Partial<ServerState> {
  const redacted = { ...patch };
  if (patch.diagnosis) redacted.diagnosis = redactDiagnosis(patch.diagnosis);
  if (patch.lastProblem) redacted.lastProblem = { ...patch.lastProblem, diagnosis: redactDiagnosis(patch.lastProblem.diagnosis) };
  if (patch.warnings) redacted.warnings = patch.warnings.map((warning) => redactUrlsInText(warning));
  return redacted;
}
