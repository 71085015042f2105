import { useId, useRef, useState } from 'react';
import type { HttpExchange } from '../../core/traffic';
import { requestBodyOf } from '../../core/traffic';
import { useJsonEditor } from '../../ui/monaco/use-json-editor';

/** Sends an edited body as a fork of the exchange with this id; settles when its reply has been read. */
export type SendFork = (exchangeId: number, body: string) => Promise<unknown>;

/** The body as the editor starts with it: pretty-printed JSON, or the recorded text when it is not JSON. */
function initialText(body: string | undefined): string {
  if (body === undefined) return '';
  try {
    return JSON.stringify(JSON.parse(body), null, 2);
  } catch {
    return body;
  }
}

/** Why the text cannot be sent (not JSON), or undefined. */
function jsonProblem(text: string): string | undefined {
  try {
    JSON.parse(text);
    return undefined;
  } catch (error) {
    return error instanceof Error ? error.message : String(error);
  }
}

/**
 * "Fork": edit a recorded model request's JSON body and send it again, to the same URL with the
 * same headers (the key from the current settings). The exact text in the editor is sent; the
 * fork is a new exchange on the model wire, marked as a fork of this one; the conversation and
 * this request stay as they were.
 */
export function ForkEditor({ exchange, onFork }: { exchange: HttpExchange; onFork: SendFork }) {
  const [text, setText] = useState<string>();
  if (text === undefined) {
    return (
      <button
        type="button"
        className="small-button fork-button"
        data-testid="request-fork"
        title="Edit this request's JSON body and send it again as a branch; the original and the conversation stay"
        onClick={() => setText(initialText(requestBodyOf(exchange)))}
      >
        Fork
      </button>
    );
  }
  return <OpenForkEditor exchange={exchange} onFork={onFork} text={text} setText={setText} />;
}

/**
 * The open fork editor: Monaco with the wire format's request schema (hover, completion, and its
 * problems listed) once Monaco has loaded, a plain textarea until then; JSON syntax is checked
 * either way. Schema problems do not block sending: a person may want to see what the API says.
 */
function OpenForkEditor({
  exchange,
  onFork,
  text,
  setText,
}: {
  exchange: HttpExchange;
  onFork: SendFork;
  text: string;
  setText(text: string | undefined): void;
}) {
  const [sending, setSending] = useState(false);
  const [outcome, setOutcome] = useState<{ ok: boolean; message: string }>();
  const editorId = useId();
  const host = useRef<HTMLDivElement>(null);
  const monaco = useJsonEditor({
    host,
    initialText: text,
    onTextChange: setText,
    fileName: `${exchange.source}.json`,
    ariaLabel: 'Fork: request body',
  });
  const ready = monaco.status === 'ready';
  const problem = jsonProblem(text);
  const send = (): void => {
    setSending(true);
    setOutcome(undefined);
    onFork(exchange.id, text)
      .then(
        () => setOutcome({ ok: true, message: 'Sent as a fork: its reply is the new row marked “fork” on the model wire.' }),
        (error: unknown) => setOutcome({ ok: false, message: error instanceof Error ? error.message : String(error) }),
      )
      .finally(() => setSending(false));
  };
  return (
    <div className="fork-editor" data-testid="request-fork-editor">
      <label htmlFor={ready ? undefined : editorId} className="section-title">
        Fork: edit the body, then send
      </label>
      <p className="hint faint">Sent to the same URL with the same headers; the API key comes from your current settings.</p>
      <div className="fork-body-surface" data-testid="request-fork-surface" data-editor={ready ? 'monaco' : 'textarea'}>
        {!ready && (
          <textarea
            id={editorId}
            className="mono fork-body"
            data-testid="request-fork-body"
            spellCheck={false}
            rows={16}
            value={text}
            aria-invalid={problem !== undefined}
            onChange={(event) => setText(event.target.value)}
          />
        )}
        <div ref={host} className="fork-body-monaco" data-testid="request-fork-monaco" hidden={!ready} />
      </div>
      {problem === undefined && ready && monaco.problems.length > 0 && (
        <ul
          className="hint fork-schema-problems"
          data-testid="request-fork-schema-problems"
          aria-label="Differences from the request schema"
        >
          {monaco.problems.map((item, index) => (
            <li key={index}>
              line {item.line}: {item.message}
            </li>
          ))}
        </ul>
      )}
      {problem !== undefined && (
        <div className="warn-box" role="alert" data-testid="request-fork-invalid">
          Not valid JSON: {problem}
        </div>
      )}
      <div className="section-row">
        <button
          type="button"
          className="small-button"
          data-testid="request-fork-send"
          disabled={problem !== undefined || sending}
          onClick={send}
        >
          {sending ? 'Sending…' : 'Send fork'}
        </button>
        <button type="button" className="small-button" data-testid="request-fork-cancel" onClick={() => setText(undefined)}>
          Close
        </button>
      </div>
      {outcome !== undefined && (
        <div
          className={outcome.ok ? 'hint' : 'warn-box'}
          role="status"
          data-testid="request-fork-status"
          data-ok={outcome.ok ? 'true' : 'false'}
        >
          {outcome.message}
        </div>
      )}
    </div>
  );
}
