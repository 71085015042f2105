import { useEffect, useRef } from 'react';
import type { ViewAnswer, WaitingQuestion } from '../../core/apps';

/**
 * One question from a view: a tool call it wants (Allow once / Always allow / Deny: always sets
 * the tool's policy, as the tool registry's control does), a read it wants (Allow once / Deny), or
 * a link it wants opened (the full URL shown; it opens only from the person's click, without an
 * opener). Identical questions asked while it waits are this one card, with their count (×3),
 * and the answer goes to all of them.
 */
export function AppConsent({ question, onAnswer }: { question: WaitingQuestion; onAnswer(answer: ViewAnswer): void }) {
  const { kind, title, detail, count } = question;
  // A question the person must answer is shown when it arrives, even if the view above is tall
  // (the chat, pinned to its newest content, would otherwise keep it off screen).
  const box = useRef<HTMLDivElement>(null);
  // (A block body: scrollIntoView returns a promise in newer browsers, which must not become the cleanup.)
  useEffect(() => {
    box.current?.scrollIntoView?.({ block: 'nearest' });
  }, []);
  return (
    <div
      ref={box}
      className="app-consent"
      role="group"
      aria-label={count > 1 ? `${title} (asked ${count} times)` : title}
      data-testid="app-consent"
      data-kind={kind}
      data-count={count}
    >
      <strong>
        {title}
        {count > 1 && (
          <span
            className="badge app-consent-count"
            data-testid="app-consent-count"
            title={`Asked ${count} times while waiting: one answer for all`}
          >
            ×{count}
          </span>
        )}
      </strong>
      <pre className="mono app-consent-detail">{detail}</pre>
      <div className="row">
        {kind === 'link' ? (
          <button
            type="button"
            className="button primary"
            data-testid="app-consent-allow"
            onClick={() => {
              // Opened from the person's click, without an opener or a referrer: the page cannot reach back.
              window.open(detail, '_blank', 'noopener,noreferrer');
              onAnswer('once');
            }}
          >
            Open {hostOf(detail)} in a new tab
          </button>
        ) : (
          <button type="button" className="button primary" data-testid="app-consent-allow" onClick={() => onAnswer('once')}>
            Allow once
          </button>
        )}
        {kind === 'tool' && (
          <button
            type="button"
            className="button"
            data-testid="app-consent-always"
            title="Sets this tool's policy to allow (the tool registry shows it): its calls run without asking until its definition changes"
            onClick={() => onAnswer('always')}
          >
            Always allow
          </button>
        )}
        <button type="button" className="button" data-testid="app-consent-deny" onClick={() => onAnswer('deny')}>
          {kind === 'link' ? 'Dismiss' : 'Deny'}
        </button>
      </div>
    </div>
  );
}

/** The host of a URL, for the button. */
function hostOf(url: string): string {
  try {
    return new URL(url).host;
  } catch {
    return 'link';
  }
}
