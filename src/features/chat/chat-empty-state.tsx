/** The example prompt offered to a first-time visitor. */
export const EXAMPLE_PROMPT = "What's the weather in Paris, and add a reminder to take an umbrella";

/** What to do first: an example to try, where to get a key, and where the key stays. */
export function ChatEmptyState({ onUseExample }: { onUseExample(text: string): void }) {
  return (
    <div className="chat-empty" data-testid="chat-empty">
      <p>
        Ask something the connected tools can answer. Every model request and every MCP message it causes appears, as exact JSON,
        in the wire panels.
      </p>
      <p>
        Try:{' '}
        <button type="button" className="link-button chat-example" onClick={() => onUseExample(EXAMPLE_PROMPT)}>
          “{EXAMPLE_PROMPT}”
        </button>
      </p>
      <p className="muted">
        You need an API key for the chosen format: from console.anthropic.com for Anthropic, or from platform.openai.com for OpenAI
        (local servers such as Ollama or LM Studio need none). The key stays in this tab: it goes only to the model endpoint and is not
        saved unless you tick “remember on this device”.
      </p>
    </div>
  );
}
