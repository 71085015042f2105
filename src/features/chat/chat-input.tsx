import { useEffect, useState } from 'react';
import type { KeyboardEvent } from 'react';
import { isFirstFrame } from '../../ui/first-frame';
import { markInteractive } from '../../ui/interactive-mark';

/** Props for ChatInput. */
export interface ChatInputProps {
  text: string;
  onTextChange(text: string): void;
  onSend(): void;
  onStop(): void;
  running: boolean;
  /** A hint shown under the input (e.g. "no API key"); sending stays possible. */
  hint?: string;
}

/** The message box: Enter sends, Shift+Enter adds a line; Stop aborts the running turn. */
export function ChatInput({ text, onTextChange, onSend, onStop, running, hint }: ChatInputProps) {
  const canSend = !running && text.trim() !== '';
  // The live app's box (not the prerendered first frame's, which is inert) with no turn running:
  // Send works once there is text, so the page is interactive (the bench's `glassbox:interactive`).
  const [firstFrame] = useState(isFirstFrame);
  useEffect(() => {
    if (!firstFrame && !running) markInteractive();
  }, [firstFrame, running]);
  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key !== 'Enter' || event.shiftKey || event.nativeEvent.isComposing) return;
    event.preventDefault();
    if (canSend) onSend();
  };
  return (
    <form
      className="chat-input"
      onSubmit={(event) => {
        event.preventDefault();
        if (canSend) onSend();
      }}
    >
      <textarea
        data-testid="chat-input"
        aria-label="Message to the model"
        placeholder={running ? 'The model is working… (Stop to interrupt)' : 'Message — Enter to send, Shift+Enter for a new line'}
        rows={2}
        value={text}
        onChange={(event) => onTextChange(event.target.value)}
        onKeyDown={onKeyDown}
      />
      <div className="chat-input-actions">
        {hint !== undefined && (
          <span className="chat-input-hint" data-testid="chat-key-hint">
            {hint}
          </span>
        )}
        <span className="spacer" />
        <button type="button" className="button" data-testid="chat-stop" disabled={!running} onClick={onStop}>
          Stop
        </button>
        <button type="submit" className="button primary" data-testid="chat-send" disabled={!canSend}>
          Send
        </button>
      </div>
    </form>
  );
}
