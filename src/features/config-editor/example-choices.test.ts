import { describe, expect, it } from 'vitest';
import { DEFAULT_CONFIG_TEXT, EXAMPLE_CONFIG_TEXTS } from '../../core/config';
import { EXAMPLE_CHOICES, isEdited } from './example-choices';

describe('EXAMPLE_CHOICES', () => {
  it('offers the demo config first, then every example, with distinct ids', () => {
    expect(EXAMPLE_CHOICES[0]?.text).toBe(DEFAULT_CONFIG_TEXT);
    expect(EXAMPLE_CHOICES.slice(1).map((c) => c.text)).toEqual(EXAMPLE_CONFIG_TEXTS.map((e) => e.text));
    expect(new Set(EXAMPLE_CHOICES.map((c) => c.id)).size).toBe(EXAMPLE_CHOICES.length);
  });
});

describe('isEdited', () => {
  it('is false for blank text and for any example as shipped', () => {
    expect(isEdited('')).toBe(false);
    expect(isEdited('  \n')).toBe(false);
    for (const choice of EXAMPLE_CHOICES) expect(isEdited(choice.text)).toBe(false);
  });

  it("is true once an example has been changed, or for the person's own text", () => {
    expect(isEdited(DEFAULT_CONFIG_TEXT.replace('weather', 'forecast'))).toBe(true);
    expect(isEdited('{ "mcpServers": {} }')).toBe(true);
  });
});
