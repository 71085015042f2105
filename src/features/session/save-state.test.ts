import { describe, expect, it } from 'vitest';
import { saveStateOf } from './save-state';

describe('saveStateOf', () => {
  it('reports a failure first, then a save under way, then waiting changes, then saved', () => {
    expect(saveStateOf({ dirty: false, saving: false })).toBe('idle');
    expect(saveStateOf({ dirty: true, saving: false, lastSavedAt: 1 })).toBe('pending');
    expect(saveStateOf({ dirty: true, saving: true, lastSavedAt: 1 })).toBe('saving');
    expect(saveStateOf({ dirty: false, saving: false, lastSavedAt: 1 })).toBe('saved');
    expect(saveStateOf({ dirty: true, saving: true, lastSavedAt: 1, error: 'quota' })).toBe('failed');
  });
});
