import { useEffect, useId, useLayoutEffect, useRef, useState } from 'react';
import { cardSide, nextStep, TOUR_STEPS } from './tour-steps';
import './tour.css';

/** The attribute that outlines the panel a step talks about (styled in tour.css). */
const HIGHLIGHT = 'data-tour-highlight';

/**
 * The guided tour: a non-modal dialog at the bottom of the window, on the side away from the
 * panel it talks about, which it outlines instead of covering. Focus moves into it when it opens
 * and goes back where it was when it closes; Escape closes it.
 */
export function GuidedTour({
  onClose,
  onShowTarget,
}: {
  onClose: () => void;
  /** Asked to bring a step's panel (a CSS selector) into view, where the layout has it folded or behind a tab. */
  onShowTarget?: (selector: string) => void;
}) {
  const [index, setIndex] = useState(0);
  const [side, setSide] = useState<'left' | 'right'>('right');
  const card = useRef<HTMLDivElement>(null);
  const titleId = useId();
  const step = TOUR_STEPS[index]!;

  // Focus goes into the tour and comes back to where it was when the tour closes.
  useEffect(() => {
    const before = document.activeElement instanceof HTMLElement ? document.activeElement : undefined;
    return () => before?.focus();
  }, []);
  useEffect(() => card.current?.focus(), [index]);

  // Escape closes the tour wherever focus is, unless something else already used the key.
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape' && !event.defaultPrevented) onClose();
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [onClose]);

  // Outline the step's panel and put the card on the other side of the window.
  const showTarget = useRef(onShowTarget);
  showTarget.current = onShowTarget;
  useLayoutEffect(() => {
    showTarget.current?.(step.target);
    const target = document.querySelector(step.target);
    target?.setAttribute(HIGHLIGHT, 'true');
    setSide(cardSide(target?.getBoundingClientRect(), window.innerWidth));
    // Once a panel brought into view has its place, the card goes to its other side.
    const frame = requestAnimationFrame(() => setSide(cardSide(target?.getBoundingClientRect(), window.innerWidth)));
    return () => {
      cancelAnimationFrame(frame);
      target?.removeAttribute(HIGHLIGHT);
    };
  }, [step.target]);

  const next = nextStep(index);
  return (
    <div
      ref={card}
      className={`tour-card tour-${side}`}
      role="dialog"
      aria-modal="false"
      aria-labelledby={titleId}
      tabIndex={-1}
      data-testid="tour-step"
      data-step={step.id}
    >
      {/* Divs, not header/footer: inside a dialog those would be a second banner and contentinfo landmark. */}
      <div className="tour-header">
        <h2 id={titleId} className="tour-title">
          {step.title}
        </h2>
        <button type="button" className="small-button" data-testid="tour-close" aria-label="Close the tour" onClick={onClose}>
          ✕
        </button>
      </div>
      {step.body.map((paragraph) => (
        <p key={paragraph} className="tour-text">
          {paragraph}
        </p>
      ))}
      <div className="tour-footer">
        <span className="tour-count">
          Step {index + 1} of {TOUR_STEPS.length}
        </span>
        <button type="button" className="small-button" onClick={onClose}>
          Skip tour
        </button>
        <button type="button" className="small-button" disabled={index === 0} onClick={() => setIndex(index - 1)}>
          Back
        </button>
        <button
          type="button"
          className="button primary"
          data-testid="tour-next"
          onClick={() => (next === undefined ? onClose() : setIndex(next))}
        >
          {next === undefined ? 'Finish' : 'Next'}
        </button>
      </div>
    </div>
  );
}
