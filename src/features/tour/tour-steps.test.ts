import { describe, expect, it } from 'vitest';
import { PROVIDERS } from '../../core/providers';
import { teachingNoteFor } from '../../core/traffic';
import { cardSide, nextStep, TOUR_STEPS } from './tour-steps';
import { isTourDismissed, rememberTourDismissed, TOUR_DISMISSED_KEY } from './tour-dismissed';

function memory() {
  const map = new Map<string, string>();
  return { getItem: (key: string) => map.get(key) ?? null, setItem: (key: string, value: string) => void map.set(key, value), map };
}

describe('the guided tour steps', () => {
  it('walk the scene in 5 to 7 steps, each pointing at a panel', () => {
    expect(TOUR_STEPS.length).toBeGreaterThanOrEqual(5);
    expect(TOUR_STEPS.length).toBeLessThanOrEqual(7);
    expect(new Set(TOUR_STEPS.map((step) => step.id)).size).toBe(TOUR_STEPS.length);
    for (const step of TOUR_STEPS) expect(step.target).toMatch(/^\[data-testid="[a-z-]+"\]$/);
    expect(TOUR_STEPS.map((step) => step.id)).toEqual(['scene', 'initialize', 'tools-list', 'model-request', 'tool-call', 'result']);
  });

  it('quote the teaching notes the panels show, so the tour and the trace tell one story', () => {
    const text = (id: string) => TOUR_STEPS.find((step) => step.id === id)!.body.join('\n');
    expect(text('scene')).toContain(PROVIDERS.demo.label);
    expect(text('initialize')).toContain(teachingNoteFor('initialize', 'request'));
    expect(text('tools-list')).toContain(teachingNoteFor('tools/list', 'response'));
    expect(text('model-request')).toContain(PROVIDERS.anthropic.notes.request);
    expect(text('tool-call')).toContain(teachingNoteFor('tools/call', 'request'));
    expect(text('result')).toContain(teachingNoteFor('tools/call', 'response'));
  });

  it('end after the last step', () => {
    expect(nextStep(0)).toBe(1);
    expect(nextStep(TOUR_STEPS.length - 1)).toBeUndefined();
  });

  it('are remembered as dismissed, and show when storage is refused', () => {
    const storage = memory();
    expect(isTourDismissed(storage)).toBe(false);
    rememberTourDismissed(storage);
    expect(storage.map.get(TOUR_DISMISSED_KEY)).toBe('1');
    expect(isTourDismissed(storage)).toBe(true);
    const refusing = {
      getItem: () => {
        throw new Error('blocked');
      },
      setItem: () => {
        throw new Error('blocked');
      },
    };
    expect(isTourDismissed(refusing)).toBe(false);
    expect(() => rememberTourDismissed(refusing)).not.toThrow();
  });

  it('put the card on the side away from the panel it talks about', () => {
    expect(cardSide({ left: 1000, width: 500 }, 1600)).toBe('left');
    expect(cardSide({ left: 0, width: 340 }, 1600)).toBe('right');
    expect(cardSide(undefined, 1600)).toBe('right');
  });
});
