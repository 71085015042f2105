import type { MockShelfSnapshot } from '../../core/mock';
import { useStore, type ExternalStore } from '../../ui/use-store';

/** "12/7/2026, 21:05", in the person's locale. */
function recordedOn(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? iso : date.toLocaleString();
}

/**
 * What a card shows about the mock it talks to: whose recording it is and when it was made, and
 * how many requests it had no recorded answer for (`mock-miss`), with the last miss in words.
 */
export function MockCardSection({ label, shelf }: { label: string; shelf: ExternalStore<MockShelfSnapshot> }) {
  const { mocks, lastMiss } = useStore(shelf);
  const mock = mocks.find((item) => item.label === label);
  if (mock === undefined) {
    return (
      <div className="server-meta muted" data-testid="mock-of">
        a mock address: its mock is served once made or opened in this browser
      </div>
    );
  }
  const miss = lastMiss[label];
  return (
    <div className="mock-card-section">
      <div className="server-meta">
        <span
          className="badge"
          data-testid="mock-of"
          title="A Service Worker in this page answers this address from the recording: nothing leaves the browser."
        >
          mock of {mock.entry}, recorded {recordedOn(mock.recordedAt)}
        </span>{' '}
        <span
          className={`badge ${mock.misses > 0 ? 'err' : ''}`}
          data-testid="mock-miss"
          data-count={mock.misses}
          title="Requests the recording has no answer for"
        >
          {mock.misses} {mock.misses === 1 ? 'miss' : 'misses'}
        </span>
      </div>
      {miss !== undefined && (
        <div className="server-meta" data-testid="mock-last-miss">
          Last miss: {miss}
        </div>
      )}
    </div>
  );
}
