import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { promptToMessages } from '../../core/context';
import type { NeutralMessage } from '../../core/conversation';
import type { McpPromptInfo, ServerConnection, ServerState } from '../../core/mcp';
import { CompletingInput } from './completing-input';
import { ErrorLine } from './error-line';
import { PromptMessagesView } from './prompt-messages-view';
import { completionQuery, promptQuery } from './server-queries';

/** Props for PromptsTab. */
export interface PromptsTabProps {
  server: ServerState;
  connection: ServerConnection;
  /** Adds a prompt's messages to the conversation. */
  onInsert(source: string, messages: NeutralMessage[]): void;
}

/** A server's prompts: a form per prompt (required marked, completions), prompts/get, preview, insert. */
export function PromptsTab({ server, connection, onInsert }: PromptsTabProps) {
  const [open, setOpen] = useState<string>();
  const prompts = server.prompts ?? [];
  return (
    <ul className="contents-list" data-testid={`prompts-${server.name}`} aria-label={`Prompts of ${server.name}`}>
      {prompts.length === 0 && <li className="muted">This server lists no prompts.</li>}
      {prompts.map((prompt) => (
        <li key={prompt.name}>
          <button
            type="button"
            className="tool-button"
            data-testid="prompt-item"
            data-name={prompt.name}
            aria-expanded={open === prompt.name}
            onClick={() => setOpen(open === prompt.name ? undefined : prompt.name)}
          >
            <span className="mono tool-name">{prompt.name}</span>
            {prompt.title && <span className="muted"> — {prompt.title}</span>}
          </button>
          {open === prompt.name && (
            <PromptForm key={prompt.name} server={server} prompt={prompt} connection={connection} onInsert={onInsert} />
          )}
        </li>
      ))}
    </ul>
  );
}

/** The form of one prompt and what prompts/get returned. */
function PromptForm({
  server,
  prompt,
  connection,
  onInsert,
}: {
  server: ServerState;
  prompt: McpPromptInfo;
  connection: ServerConnection;
  onInsert: PromptsTabProps['onInsert'];
}) {
  const [values, setValues] = useState<Record<string, string>>({});
  // The arguments of the last "Get prompt": its prompts/get is a query, kept per arguments.
  const [asked, setAsked] = useState<Record<string, string>>();
  const [missing, setMissing] = useState<string[]>([]);
  const [inserted, setInserted] = useState(false);
  const [insertError, setInsertError] = useState<unknown>();
  const got = useQuery({ ...promptQuery(server.name, connection, prompt.name, asked ?? {}), enabled: asked !== undefined });
  const loading = got.isFetching;
  const error = insertError ?? (got.isError ? got.error : undefined);
  const result = got.isError ? undefined : got.data;

  const get = () => {
    const empty = prompt.arguments
      .filter((argument) => argument.required && (values[argument.name] ?? '').trim() === '')
      .map((argument) => argument.name);
    setMissing(empty);
    if (empty.length > 0) return;
    setInserted(false);
    setInsertError(undefined);
    // The same arguments again: get the prompt again (the server may answer differently now).
    if (asked !== undefined && JSON.stringify(asked) === JSON.stringify(values)) void got.refetch();
    else setAsked(values);
  };

  return (
    <div className="tool-detail">
      {prompt.description && <pre className="tool-description">{prompt.description}</pre>}
      <form
        className="contents-form"
        noValidate
        aria-label={`Arguments of ${prompt.name}`}
        onSubmit={(event) => {
          event.preventDefault();
          get();
        }}
      >
        {prompt.arguments.map((argument) => (
          <CompletingInput
            key={argument.name}
            label={argument.title ?? argument.name}
            description={argument.description}
            required={argument.required}
            testId={`prompt-arg-${argument.name}`}
            value={values[argument.name] ?? ''}
            onChange={(value) => setValues((old) => ({ ...old, [argument.name]: value }))}
            suggest={(value) =>
              completionQuery(server.name, connection, { type: 'ref/prompt', name: prompt.name }, argument.name, value, values)
            }
          />
        ))}
        {missing.length > 0 && (
          <div className="warn-box" role="alert">
            Required: {missing.join(', ')}.
          </div>
        )}
        <button type="submit" className="small-button" data-testid="prompt-get" disabled={loading}>
          {loading ? 'Getting…' : 'Get prompt'}
        </button>
      </form>
      {error !== undefined && <ErrorLine error={error} testId="prompt-error" />}
      {result && (
        <>
          {result.description && <div className="faint">{result.description}</div>}
          <PromptMessagesView messages={result.messages} />
          <button
            type="button"
            className="small-button"
            data-testid="prompt-insert"
            disabled={result.messages.length === 0}
            onClick={() => {
              try {
                onInsert(`${server.name} · prompt ${prompt.name}`, promptToMessages(result.messages));
                setInserted(true);
              } catch (thrown) {
                // A turn is running: the session refuses, and says so.
                setInsertError(thrown);
              }
            }}
          >
            Insert into the chat
          </button>
          {inserted && <span className="faint"> Inserted: the next message to the model carries it.</span>}
        </>
      )}
    </div>
  );
}
