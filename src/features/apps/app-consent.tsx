import { useEffect, useRef } from 'react';

/** Something a view asked for that the person decides. */
export interface ConsentRequest {
  id: string;
  kind: 'tool' | 'resource' | 'link';
  title: string;
  /** The arguments, the URI or the URL: shown in full, as text. */
  detail: string;
  answer(yes: boolean): void;
}

/**
 * One question from a view: a tool call or read it wants (Allow once / Deny), or a link it wants
 * opened (the full URL shown; it opens only from the person's click, without an opener).
 */
export function AppConsent({ request }: { request: ConsentRequest }) {
  const { kind, title, detail, answer } = request;
  // A question the person must answer is shown when it arrives, even if the view above is tall
  // (the chat, pinned to its newest content, would otherwise keep it off screen).
  const box = useRef<HTMLDivElement>(null);
  // (A block body: scrollIntoView returns a promise in newer browsers, which must not become the cleanup.)
  useEffect(() => {
    box.current?.scrollIntoView?.({ block: 'nearest' });
  }, []);
  return (
    <div ref={box} className="app-consent" role="group" aria-label={title} data-testid="app-consent" data-kind={kind}>
      <strong>{title}</strong>
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
              answer(true);
            }}
          >
            Open {hostOf(detail)} in a new tab
          </button>
        ) : (
          <button type="button" className="button primary" data-testid="app-consent-allow" onClick={() => answer(true)}>
            Allow once
          </button>
        )}
        <button type="button" className="button" data-testid="app-consent-deny" onClick={() => answer(false)}>
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
