/**
 * Builds and downloads the repro file of what is shown (core/repro): the session file's contents
 * and the mocks of its servers, made from the same recording. Loaded on demand (the repro and mock
 * code stay out of the start-up chunk).
 */
import { buildReproFile, reproFileName, reproMocksOf, serializeReproFile, type ReproMock } from '../../core/repro';
import { downloadText } from '../../ui/download';
import { sessionFileInput, type ExportSource } from './export-session';

/** Downloads `glassbox-<date>.glassbox-repro.json`; returns the warnings and the file name. */
export function downloadReproFile(
  source: ExportSource,
  /** Mocks already made (a repro opened again): written as they are instead of made anew. */
  knownMocks?: readonly ReproMock[],
  now = Date.now(),
): { fileName: string; warnings: string[] } {
  const made =
    knownMocks && knownMocks.length > 0 ? { mocks: [...knownMocks], unmocked: [] } : reproMocksOf(source.traffic, source.secrets ?? []);
  const { file, warnings } = buildReproFile({ ...sessionFileInput(source, now), mocks: made.mocks });
  for (const { server, reason } of made.unmocked) warnings.push(`No mock of "${server}": ${reason}`);
  const fileName = reproFileName(now);
  downloadText(fileName, serializeReproFile(file, source.redact), 'application/json');
  return { fileName, warnings };
}
