import { DEMO_SCENARIO_MESSAGE } from '../../core/providers';

/** The example prompt offered to a first-time visitor: the scene the scripted demo plays. */
const EXAMPLE_PROMPT = DEMO_SCENARIO_MESSAGE;

/**
 * What to do first: an example to try, and either where to get a key and where it stays, or
 * (with the scripted demo chosen) that the demo needs none and is not an AI.
 */
export function ChatEmptyState({ onUseExample, demo }: { onUseExample(text: string): void; demo: boolean }) {
  return (
    <div className="chat-empty" data-testid="chat-empty">
      <p>
        Ask something the connected tools can answer. Every model request and every MCP message it causes appears, as exact JSON, in the
        wire panels.
      </p>
      <p>
        Try:{' '}
        <button type="button" className="link-button chat-example" onClick={() => onUseExample(EXAMPLE_PROMPT)}>
          “{EXAMPLE_PROMPT}”
        </button>
      </p>
      {demo ? (
        <p className="muted" data-testid="chat-empty-demo">
          The scripted demo needs no key: a script in this page answers the requests Glassbox builds, for this one scene only. It is not an
          AI. For real answers, choose another format and add its key; the conversation is kept.
        </p>
      ) : (
        <p className="muted">
          No key? Choose the format “Scripted demo” to watch this scene play out on both wires. Otherwise you need an API key for the chosen
          format: from console.anthropic.com for Anthropic, or from platform.openai.com for OpenAI (local servers such as Ollama or LM
          Studio need none). The key stays in this tab: it goes only to the model endpoint and is not saved unless you tick “remember on
          this device”.
        </p>
      )}
    </div>
  );
}
