import { describe, expect, it } from 'vitest';
import { mcpConfigSchema } from '../../core/config';
import { withMarkdownDescriptions } from './schema-for-monaco';

describe('withMarkdownDescriptions', () => {
  it('adds markdownDescription beside every description, at any depth, without touching the input', () => {
    const input = {
      description: 'Top.',
      properties: { url: { type: 'string', description: 'Like "https://example.com/mcp".' } },
      anyOf: [{ description: 'One.' }, { markdownDescription: 'Kept **as is**.', description: 'Two.' }],
    };
    const output = withMarkdownDescriptions(input);
    expect(output).toEqual({
      description: 'Top.',
      markdownDescription: 'Top.',
      properties: {
        url: { type: 'string', description: 'Like "https://example.com/mcp".', markdownDescription: 'Like "https://example.com/mcp".' },
      },
      anyOf: [
        { description: 'One.', markdownDescription: 'One.' },
        { markdownDescription: 'Kept **as is**.', description: 'Two.' },
      ],
    });
    expect(input.properties.url).not.toHaveProperty('markdownDescription');
  });

  it('leaves a property that is named "description" alone', () => {
    const output = withMarkdownDescriptions({ properties: { description: { type: 'string' } } });
    expect(output).toEqual({ properties: { description: { type: 'string' } } });
  });

  it('covers the server url description of the real mcp.json schema', () => {
    const output = withMarkdownDescriptions(mcpConfigSchema) as {
      definitions: { server: { properties: { url: { description: string; markdownDescription?: string } } } };
    };
    const url = output.definitions.server.properties.url;
    expect(url.markdownDescription).toBe(url.description);
  });
});
