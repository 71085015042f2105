import { describe, expect, it } from 'vitest';
// Through the module's index, as the agent and features use it.
import {
  isToolFailureCategory,
  labelForCategory,
  messageForCategory,
  resultForFailure,
  TOOL_FAILURE_CATEGORIES,
  ToolFailure,
  toolFailureResult,
  type ToolFailureCategory,
} from './index';

function envelope(category: ToolFailureCategory, detail?: string): unknown {
  const result = toolFailureResult(category, detail);
  expect(result.isError).toBe(true);
  expect(result.parts).toHaveLength(1);
  const part = result.parts[0];
  if (part?.type !== 'text') throw new Error('expected a text part');
  return JSON.parse(part.text);
}

describe('toolFailureResult', () => {
  it('gives every category the same envelope, its own message and a UI label', () => {
    const table = Object.fromEntries(
      TOOL_FAILURE_CATEGORIES.map((category) => [category, { label: labelForCategory(category), model: envelope(category) }]),
    );
    expect(table).toMatchInlineSnapshot(`
      {
        "cancelled": {
          "label": "Cancelled",
          "model": {
            "error": {
              "category": "cancelled",
              "message": "The call was cancelled before it finished.",
            },
          },
        },
        "denied": {
          "label": "Denied",
          "model": {
            "error": {
              "category": "denied",
              "message": "The person denied this call. Do not retry it unless they ask you to.",
            },
          },
        },
        "invalid-arguments": {
          "label": "Invalid arguments",
          "model": {
            "error": {
              "category": "invalid-arguments",
              "message": "The arguments do not match the tool's input schema. Fix them and call the tool again.",
            },
          },
        },
        "network": {
          "label": "Network error",
          "model": {
            "error": {
              "category": "network",
              "message": "The tool server could not be reached. Retrying may help later.",
            },
          },
        },
        "not-recorded": {
          "label": "Not recorded",
          "model": {
            "error": {
              "category": "not-recorded",
              "message": "This is a replay of an earlier turn: only the tool calls made in the original turn have results, and this call was not one of them. It was not run.",
            },
          },
        },
        "protocol-error": {
          "label": "Protocol error",
          "model": {
            "error": {
              "category": "protocol-error",
              "message": "The tool server answered with an MCP protocol error.",
            },
          },
        },
        "server-disconnected": {
          "label": "Server disconnected",
          "model": {
            "error": {
              "category": "server-disconnected",
              "message": "The server that provides this tool is not connected.",
            },
          },
        },
        "timeout": {
          "label": "Timed out",
          "model": {
            "error": {
              "category": "timeout",
              "message": "The tool did not answer in time. It may still have run; check before repeating an action.",
            },
          },
        },
        "tool-error": {
          "label": "Tool error",
          "model": {
            "error": {
              "category": "tool-error",
              "message": "The tool ran and reported an error.",
            },
          },
        },
        "unknown-tool": {
          "label": "Unknown tool",
          "model": {
            "error": {
              "category": "unknown-tool",
              "message": "There is no tool with this name. Use one of the tools you were given.",
            },
          },
        },
      }
    `);
    const labels = TOOL_FAILURE_CATEGORIES.map(labelForCategory);
    expect(new Set(labels).size).toBe(labels.length);
  });

  it('adds the detail of this failure, as exact text', () => {
    const text = toolFailureResult('invalid-arguments', '"days" must be at most 7; "city" is required');
    expect(text.parts[0]).toEqual({
      type: 'text',
      text: '{"error":{"category":"invalid-arguments","message":"The arguments do not match the tool\'s input schema. Fix them and call the tool again.","detail":"\\"days\\" must be at most 7; \\"city\\" is required"}}',
    });
  });

  it('leaves out an empty detail and shortens a huge one', () => {
    expect(envelope('timeout', '   ')).toEqual({ error: { category: 'timeout', message: messageForCategory('timeout') } });
    const long = envelope('network', 'x'.repeat(10_000)) as { error: { detail: string } };
    expect(long.error.detail).toHaveLength(2_001);
    expect(long.error.detail.endsWith('…')).toBe(true);
  });
});

describe('ToolFailure', () => {
  it('carries its category as a stable code and keeps the cause', () => {
    const cause = new TypeError('Failed to fetch');
    const failure = new ToolFailure('network', 'POST https://example.com/mcp failed', { cause });
    expect(failure).toBeInstanceOf(Error);
    expect(failure.code).toBe('network');
    expect(failure.detail).toBe('POST https://example.com/mcp failed');
    expect(failure.cause).toBe(cause);
    expect(failure.message).toBe(`${messageForCategory('network')} POST https://example.com/mcp failed`);
    expect(resultForFailure(failure)).toEqual(toolFailureResult('network', 'POST https://example.com/mcp failed'));
  });

  it.each(TOOL_FAILURE_CATEGORIES)('round-trips category %s through the envelope', (category) => {
    const failure = new ToolFailure(category);
    const parsed = envelope(failure.code) as { error: { category: string } };
    expect(isToolFailureCategory(parsed.error.category)).toBe(true);
    expect(parsed.error.category).toBe(category);
  });

  it('recognises only known categories', () => {
    expect(isToolFailureCategory('denied')).toBe(true);
    expect(isToolFailureCategory('oops')).toBe(false);
    expect(isToolFailureCategory(undefined)).toBe(false);
  });
});
