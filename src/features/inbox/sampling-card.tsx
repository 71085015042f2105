import { useId, useState } from 'react';
import type { Inbox, SamplingItem } from '../../core/inbox';
import type { SamplingContent, SamplingRequest } from '../../core/sampling';
import { hasPendingToolUse } from '../../core/inbox';
import { JsonView } from '../../ui/json-view';
import { SamplingToolUses } from './sampling-tool-uses';

/** What each status means, in words. */
const STATUS_TEXT: Record<SamplingItem['status'], string> = {
  pending: 'Waiting for you: nothing has been sent to the model.',
  sending: 'Sent to the model; waiting for its reply…',
  replied: 'The model replied. Send the reply back to the server, or deny it.',
  returned: 'The reply was sent back to the server.',
  denied: 'Denied: the server was told you rejected the request.',
  failed: 'The model request failed; try again or deny.',
  invalid: 'Malformed: refused with a JSON-RPC error (nothing was sent to the model).',
  withdrawn: 'Withdrawn: the server or the call gave up waiting.',
};

/** The request with the person's edits: the system prompt, the max tokens, and each text block. */
function edited(request: SamplingRequest, system: string, maxTokens: string, texts: Record<string, string>): SamplingRequest {
  const tokens = Number.parseInt(maxTokens, 10);
  const messages = request.messages.map((message, m) => ({
    ...message,
    content: message.content.map((block, c): SamplingContent =>
      block.type === 'text' ? { type: 'text', text: texts[`${m}.${c}`] ?? block.text } : block,
    ),
  }));
  return { ...request, messages, systemPrompt: system, maxTokens: Number.isFinite(tokens) && tokens > 0 ? tokens : request.maxTokens };
}

/** One content block: text (editable while pending) or a description of the rest. */
function Block({
  block,
  id,
  editable,
  value,
  onChange,
}: {
  block: SamplingContent;
  id: string;
  editable: boolean;
  value?: string;
  onChange(text: string): void;
}) {
  switch (block.type) {
    case 'text':
      return editable ? (
        <textarea
          aria-label={`Message text ${id}`}
          className="inbox-text"
          rows={3}
          value={value ?? block.text}
          onChange={(event) => onChange(event.target.value)}
        />
      ) : (
        <pre className="inbox-text">{value ?? block.text}</pre>
      );
    case 'image':
    case 'audio':
      return <span className="badge">{`${block.type} · ${block.mediaType} · ${block.data.length} base64 characters`}</span>;
    case 'tool-use':
      return <JsonView value={{ tool_use: block.name, id: block.id, input: block.input }} label="Tool use" openDepth={2} />;
    case 'tool-result':
      return (
        <JsonView
          value={{ tool_result: block.toolUseId, content: block.content, isError: block.isError }}
          label="Tool result"
          openDepth={4}
        />
      );
  }
}

/**
 * A server's sampling request: who asks, the messages, system prompt, max tokens, model
 * preferences and tools, editable before the first approval (`sampling-approve` sends it to the
 * model in the selected wire format); the model's reply then waits for a second approval
 * (`sampling-return`), and each tool use in it for the tool gate's decision. Denying
 * (`sampling-deny`) is possible until the reply is returned.
 */
export function SamplingCard({
  item,
  inbox,
}: {
  item: SamplingItem;
  inbox: Pick<Inbox, 'approveSampling' | 'returnSampling' | 'denySampling' | 'decideSamplingToolUse'>;
}) {
  const headingId = useId();
  const request = item.request;
  const [system, setSystem] = useState(request?.systemPrompt ?? '');
  const [maxTokens, setMaxTokens] = useState(String(request?.maxTokens ?? ''));
  const [texts, setTexts] = useState<Record<string, string>>({});
  const editable = item.status === 'pending' || item.status === 'failed';
  const open = ['pending', 'sending', 'replied', 'failed'].includes(item.status);
  const preferences = request?.modelPreferences;
  const pendingTools = hasPendingToolUse(item.toolUses);
  return (
    <section
      className="inbox-card"
      data-testid="sampling-card"
      data-status={item.status}
      data-server={item.origin.server}
      aria-labelledby={headingId}
    >
      <div className="inbox-title" id={headingId}>
        <strong>{item.origin.server}</strong> asks your model for a reply (sampling)
        {item.origin.inputKey !== undefined && <span className="badge">2026 round · {item.origin.inputKey}</span>}
        {item.automatic && <span className="badge warn">allowed without asking</span>}
      </div>
      <p className="faint" role="status">
        {STATUS_TEXT[item.status]}
      </p>
      {item.problems.length > 0 && (
        <ul className="error-box" role="alert" aria-label="Why the request was refused">
          {item.problems.map((problem) => (
            <li key={problem}>{problem}</li>
          ))}
        </ul>
      )}
      {request && (
        <>
          <ol className="inbox-messages" aria-label="Messages">
            {request.messages.map((message, m) => (
              <li key={m}>
                <span className="badge">{message.role}</span>
                {message.content.map((block, c) => (
                  <Block
                    key={c}
                    id={`${m + 1}.${c + 1}`}
                    block={block}
                    editable={editable}
                    value={texts[`${m}.${c}`]}
                    onChange={(text) => setTexts({ ...texts, [`${m}.${c}`]: text })}
                  />
                ))}
              </li>
            ))}
          </ol>
          <label className="inbox-field">
            System prompt
            <textarea
              rows={2}
              value={system}
              readOnly={!editable}
              onChange={(event) => setSystem(event.target.value)}
              data-testid="sampling-system"
            />
          </label>
          <label className="inbox-field">
            Max tokens
            <input
              type="number"
              min={1}
              value={maxTokens}
              readOnly={!editable}
              onChange={(event) => setMaxTokens(event.target.value)}
              data-testid="sampling-max-tokens"
            />
          </label>
          {preferences && (
            <div className="inbox-field" data-testid="sampling-preferences">
              Model preferences: {preferences.hints.length > 0 ? `hints ${preferences.hints.join(', ')}` : 'no hints'}
              {preferences.costPriority !== undefined && ` · cost ${preferences.costPriority}`}
              {preferences.speedPriority !== undefined && ` · speed ${preferences.speedPriority}`}
              {preferences.intelligencePriority !== undefined && ` · intelligence ${preferences.intelligencePriority}`}
              <span className="faint"> (the model you selected is used)</span>
            </div>
          )}
          {request.tools.length > 0 && (
            <div className="inbox-field" data-testid="sampling-tools">
              Tools the model may ask for{request.toolChoice ? ` (${request.toolChoice})` : ''}: each use waits for your tool policy or your
              approval before the reply goes back; the server runs the allowed ones.
              <ul>
                {request.tools.map((tool) => (
                  <li key={tool.name}>
                    <span className="mono">{tool.name}</span> {tool.description}
                  </li>
                ))}
              </ul>
            </div>
          )}
        </>
      )}
      {item.reply && (
        <div className="inbox-reply" data-testid="sampling-reply">
          <div className="section-title">
            Reply from {item.reply.result.model} ({item.reply.result.stopReason})
          </div>
          {(Array.isArray(item.reply.result.content) ? item.reply.result.content : [item.reply.result.content]).map((block, index) =>
            block.type === 'text' ? (
              <pre key={index} className="inbox-text">
                {block.text}
              </pre>
            ) : (
              <JsonView key={index} value={block} label="Reply content" openDepth={2} />
            ),
          )}
        </div>
      )}
      <SamplingToolUses item={item} inbox={inbox} />
      {item.warnings.length > 0 && (
        <ul className="warn-box" aria-label="What the wire format could not carry">
          {item.warnings.map((warning) => (
            <li key={warning}>{warning}</li>
          ))}
        </ul>
      )}
      {item.error && (
        <div className="error-box" role="alert">
          {item.error}
        </div>
      )}
      {open && (
        <div className="row">
          {editable && request && (
            <button
              type="button"
              className="button primary"
              data-testid="sampling-approve"
              onClick={() => void inbox.approveSampling(item.id, edited(request, system, maxTokens, texts))}
            >
              Send to the model
            </button>
          )}
          {item.status === 'replied' && (
            <button
              type="button"
              className="button primary"
              data-testid="sampling-return"
              disabled={pendingTools}
              title={pendingTools ? 'Decide on each tool use first' : undefined}
              onClick={() => inbox.returnSampling(item.id)}
            >
              Send the reply to {item.origin.server}
            </button>
          )}
          <button type="button" className="button danger" data-testid="sampling-deny" onClick={() => inbox.denySampling(item.id)}>
            Deny
          </button>
        </div>
      )}
    </section>
  );
}
