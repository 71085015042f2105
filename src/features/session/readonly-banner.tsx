import type { ImportedView } from './imported-view';
import { ReplayWithMocks } from './replay-with-mocks';

/** Props for ReadOnlyBanner. */
export interface ReadOnlyBannerProps {
  view: ImportedView;
  /** Leaves the imported session and shows the live one again. */
  onBack(): void;
  /** Shows a replay with mocks of a repro's turns in place of the file's stores. */
  onShowReplay?(view: ImportedView): void;
}

/** A date for people: the export time in local time, or "at an unknown time". */
function describeExportTime(exportedAt: string): string {
  const time = Date.parse(exportedAt);
  return Number.isNaN(time) ? 'at an unknown time' : new Date(time).toLocaleString();
}

/**
 * The banner over an imported session: it says clearly that what is shown is a file, read-only,
 * lists what could not be read, shows the file's config (secrets already stripped), and leads
 * back to the live session.
 */
export function ReadOnlyBanner({ view, onBack, onShowReplay }: ReadOnlyBannerProps) {
  const { file, fileName, problems } = view;
  const repro = view.mocks !== undefined;
  const what = view.replayed ? 'a replay with mocks of a repro' : repro ? 'a repro' : 'an imported session';
  return (
    <div className="readonly-banner" role="region" aria-label="Imported session" data-testid="readonly-banner">
      <div className="readonly-banner-line">
        <strong data-testid="readonly-title">
          Viewing {what} (read-only) — exported {describeExportTime(file.exportedAt)}
        </strong>
        <span className="muted">
          {fileName} · {file.conversation.items.length} chat items · {file.traffic.exchanges.length} HTTP exchanges · Glassbox{' '}
          {file.app.version}
          {repro && ` · mocks of ${view.mocks?.length ?? 0} server${view.mocks?.length === 1 ? '' : 's'}`}.{' '}
          {view.replayed ? 'Only the mocks and the recording answer: nothing leaves the page.' : 'Nothing is sent while you view it.'}
        </span>
        {repro && onShowReplay && <ReplayWithMocks view={view} onShowReplay={onShowReplay} />}
        <span className="spacer" />
        <button type="button" className="button primary" onClick={onBack} data-testid="readonly-back">
          Back to my session
        </button>
      </div>
      {(problems.length > 0 || file.config !== '') && (
        <div className="readonly-banner-details">
          {problems.length > 0 && (
            <details data-testid="readonly-problems">
              <summary>
                {problems.length === 1 ? '1 part of the file could not be read' : `${problems.length} parts of the file could not be read`}
              </summary>
              <ul>
                {problems.map((problem, index) => (
                  <li key={index}>{problem}</li>
                ))}
              </ul>
            </details>
          )}
          {file.config !== '' && (
            <details>
              <summary>Config in this file (secrets removed)</summary>
              <pre className="readonly-config" data-testid="readonly-config">
                {file.config}
              </pre>
            </details>
          )}
        </div>
      )}
    </div>
  );
}
