import { describe, expect, it } from 'vitest';
import { compareAnswers } from './replay-outcome';

const text = (value: string) => ({ content: [{ type: 'text', text: value }], _meta: { at: Math.random() } });

describe('compareAnswers', () => {
  it('compares two results inside the result, _meta left out', () => {
    expect(compareAnswers({ result: text('No alerts.') }, { result: text('No alerts.') })).toEqual({
      state: 'done',
      same: true,
      paths: [],
      ignored: ['/_meta'],
    });
    expect(compareAnswers({ result: text('21 fahrenheit') }, { result: text('21 celsius') })).toMatchObject({
      same: false,
      paths: ['/content/0/text'],
    });
  });

  it('says which side failed, and compares the answers as they are', () => {
    const outcome = compareAnswers({ result: text('ok') }, { error: { message: 'Invalid arguments' } });
    expect(outcome).toMatchObject({ state: 'done', same: false, note: 'B failed where A answered.' });
    expect(outcome.state === 'done' && outcome.paths).toEqual(['/result', '/error']);
    expect(compareAnswers({ error: { message: 'x' } }, { error: { message: 'x' } })).toMatchObject({ same: true, note: 'Both failed.' });
  });

  it('has nothing to compare when A never answered', () => {
    expect(compareAnswers(undefined, { result: text('ok') })).toEqual({
      state: 'not-recorded',
      note: 'A never answered this call, so there is nothing to compare.',
    });
  });
});
