import { memo } from 'react';
import type { ChatItem } from '../../core/agent';
import { PlainText } from './plain-text';

type UserItem = Extract<ChatItem, { kind: 'user' }>;
type AssistantItem = Extract<ChatItem, { kind: 'assistant' }>;
type ErrorItem = Extract<ChatItem, { kind: 'error' }>;
type NoticeItem = Extract<ChatItem, { kind: 'notice' }>;

/** What the person typed. */
export const UserMessage = memo(function UserMessage({ item }: { item: UserItem }) {
  return (
    <div className="chat-message user" data-testid="chat-message" data-role="user">
      <div className="chat-role">
        {item.from !== undefined ? <span data-testid="user-from-app">From the app view {item.from}</span> : 'You'}
        {item.source && <span className="faint chat-source"> · inserted from {item.source}</span>}
      </div>
      {item.context?.map((note) => (
        <div key={note.label} className="faint user-from-app" data-testid="user-app-context">
          Context from the app view {note.label}: <PlainText text={note.text} />
        </div>
      ))}
      <PlainText text={item.text} />
      {item.attachments && item.attachments.length > 0 && <div className="faint chat-source">Attached: {item.attachments.join(', ')}</div>}
    </div>
  );
});

/** Stop reasons that say the reply is not complete. */
const CUT_SHORT: Readonly<Record<string, string>> = {
  stopped: 'stopped by you',
  incomplete: 'incomplete: the stream failed',
  max_tokens: 'cut at max tokens',
  length: 'cut at max tokens',
  refusal: 'refused',
  content_filter: 'stopped by the content filter',
  model_context_window_exceeded: 'context window exceeded',
};

/** The model's reply, streaming in as plain text with a caret while it arrives. */
export const AssistantMessage = memo(function AssistantMessage({ item }: { item: AssistantItem }) {
  const cut = item.stopReason !== undefined ? CUT_SHORT[item.stopReason] : undefined;
  return (
    <div
      className="chat-message assistant"
      data-testid="chat-message"
      data-role="assistant"
      data-streaming={item.streaming ? 'true' : 'false'}
      aria-busy={item.streaming}
    >
      <div className="chat-role">
        Model <span className="faint">· step {item.step}</span>
        {item.stopReason !== undefined && (
          <span className="faint" title="The stop reason, as the provider sent it">
            {' '}
            · {item.stopReason}
          </span>
        )}
      </div>
      <PlainText text={item.text} />
      {item.streaming && <span className="chat-caret" aria-hidden="true" />}
      {cut !== undefined && <div className="chat-cut badge warn">{cut}</div>}
    </div>
  );
});

/** A failed model request: what went wrong, why, and a Retry button when that can help. */
export function ErrorMessage({ item, onRetry }: { item: ErrorItem; onRetry?: () => void }) {
  return (
    <div className="chat-message chat-error error-box" data-testid="chat-error" data-role="notice" data-code={item.code} role="alert">
      <div className="chat-error-title">
        <strong>{item.title}</strong>
        {item.status !== undefined && <span className="badge err">HTTP {item.status}</span>}
        <span className="badge" title="Error code">
          {item.code}
        </span>
        {item.attempts !== undefined && item.attempts > 1 && <span className="faint">after {item.attempts} attempts</span>}
      </div>
      {item.detail !== '' && <PlainText text={item.detail} className="chat-error-detail" />}
      {onRetry && (
        <div className="chat-error-actions">
          <button type="button" className="button" data-testid="chat-retry" onClick={onRetry}>
            Retry
          </button>
          {!item.retryable && <span className="faint">This may fail again unless something changes (key, model, base URL).</span>}
        </div>
      )}
    </div>
  );
}

/**
 * A quiet line from the loop: step limit reached, stopped, format switched, retrying. The
 * step-limit notice of the last turn offers Continue (a fresh budget of steps).
 */
export function NoticeMessage({ item, onContinue }: { item: NoticeItem; onContinue?: () => void }) {
  return (
    <div className="chat-message chat-notice" data-testid="chat-notice" data-role="notice" data-code={item.code} role="status">
      <PlainText text={item.text} />
      {onContinue && (
        <div className="chat-error-actions">
          <button type="button" className="button" data-testid="chat-retry" data-action="continue" onClick={onContinue}>
            Continue
          </button>
        </div>
      )}
    </div>
  );
}
