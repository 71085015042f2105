import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { resourceToParts } from '../../core/context';
import type { NeutralPart } from '../../core/conversation';
import { canSubscribe } from '../../core/mcp';
import type { McpResourceTemplateInfo, ServerConnection, ServerState } from '../../core/mcp';
import { ErrorLine } from './error-line';
import { ResourceContentView } from './resource-content-view';
import { completionQuery, resourceQuery } from './server-queries';
import { TemplateForm } from './template-form';

/** Props for ResourcesTab. */
export interface ResourcesTabProps {
  server: ServerState;
  connection: ServerConnection;
  /** Attaches a read resource to the next chat message. */
  onAttach(label: string, parts: NeutralPart[]): void;
}

/** hh:mm:ss of an epoch-ms time. */
const clock = (at: number) => new Date(at).toLocaleTimeString();

/**
 * A server's resources and resource templates: read one (shown by type), fill a template's
 * variables with completions, subscribe to updates (servers that offer it: `resources/subscribe` in 2025, a listen stream in 2026), attach to the chat.
 * A read is a query (server-queries.ts): an update of a subscribed resource makes it stale, and it is read again.
 */
export function ResourcesTab({ server, connection, onAttach }: ResourcesTabProps) {
  const [template, setTemplate] = useState<McpResourceTemplateInfo>();
  // The URI shown; its resources/read is a query (kept per URI, read again when stale).
  const [uri, setUri] = useState<string>();
  const query = useQuery({ ...resourceQuery(server.name, connection, uri ?? ''), enabled: uri !== undefined });
  const read =
    uri === undefined
      ? undefined
      : {
          uri,
          loading: query.isFetching,
          contents: query.isError ? undefined : query.data,
          error: query.isError ? query.error : undefined,
        };
  const startRead = (next: string) => {
    // Asked again for the one shown: read it again.
    if (next === uri) void query.refetch();
    else setUri(next);
  };
  const [subscribeError, setSubscribeError] = useState<unknown>();
  // What the person asked for while the request is on its way (the box follows at once).
  const [wanted, setWanted] = useState<boolean>();
  const resources = server.resources ?? [];
  const templates = server.resourceTemplates ?? [];
  const subscription = read ? server.resourceSubscriptions?.[read.uri] : undefined;
  const contents = read?.contents;

  const toggleSubscription = async (uri: string, on: boolean) => {
    setSubscribeError(undefined);
    setWanted(on);
    try {
      await (on ? connection.resources.subscribe(uri) : connection.resources.unsubscribe(uri));
    } catch (error) {
      setSubscribeError(error);
    } finally {
      setWanted(undefined);
    }
  };

  return (
    <div className="contents-tab">
      <ul className="contents-list" data-testid={`resources-${server.name}`} aria-label={`Resources of ${server.name}`}>
        {resources.length === 0 && templates.length === 0 && <li className="muted">This server lists no resources.</li>}
        {resources.map((resource) => (
          <li key={resource.uri}>
            <button
              type="button"
              className="tool-button"
              data-testid="resource-item"
              data-uri={resource.uri}
              aria-pressed={read?.uri === resource.uri && !template}
              onClick={() => {
                setTemplate(undefined);
                startRead(resource.uri);
              }}
            >
              <span className="mono tool-name">{resource.title ?? resource.name}</span>
              <span className="faint mono"> {resource.uri}</span>
              {resource.mimeType && <span className="badge">{resource.mimeType}</span>}
            </button>
          </li>
        ))}
        {templates.map((item) => (
          <li key={item.uriTemplate}>
            <button
              type="button"
              className="tool-button"
              data-testid="resource-template"
              data-uri-template={item.uriTemplate}
              aria-expanded={template?.uriTemplate === item.uriTemplate}
              onClick={() => setTemplate(template?.uriTemplate === item.uriTemplate ? undefined : item)}
            >
              <span className="badge info">template</span> <span className="mono">{item.uriTemplate}</span>
            </button>
            {template?.uriTemplate === item.uriTemplate && (
              <div className="tool-detail">
                {item.description && <pre className="tool-description">{item.description}</pre>}
                <TemplateForm
                  template={item}
                  suggest={(name, value, context) =>
                    completionQuery(server.name, connection, { type: 'ref/resource', uri: item.uriTemplate }, name, value, context)
                  }
                  onRead={startRead}
                />
              </div>
            )}
          </li>
        ))}
      </ul>
      {read && (
        <section
          className="contents-detail"
          data-testid="resource-content"
          data-uri={read.uri}
          data-loading={read.loading}
          aria-label={`Contents of ${read.uri}`}
        >
          <div className="contents-actions">
            <span className="mono">{read.uri}</span>
            <span className="spacer" />
            {canSubscribe(server) && (
              <label className="small">
                <input
                  type="checkbox"
                  data-testid="resource-subscribe"
                  checked={wanted ?? subscription !== undefined}
                  onChange={(event) => void toggleSubscription(read.uri, event.target.checked)}
                />{' '}
                Subscribe to updates
              </label>
            )}
            <button
              type="button"
              className="small-button"
              data-testid="resource-attach"
              disabled={!contents}
              onClick={() => contents && onAttach(`${server.name}: ${read.uri}`, resourceToParts(contents))}
            >
              Attach to chat
            </button>
          </div>
          {subscription && (
            <div className="faint" data-testid="resource-updates" data-updates={subscription.updates}>
              {subscription.updates === 0
                ? 'Subscribed: waiting for an update.'
                : `Updated ${subscription.updates}× · last at ${clock(subscription.updatedAt ?? 0)}`}
            </div>
          )}
          {subscribeError !== undefined && <ErrorLine error={subscribeError} />}
          {read.loading && !contents && <div className="muted">Reading…</div>}
          {read.error !== undefined && <ErrorLine error={read.error} testId="resource-error" />}
          {contents && <ResourceContentView contents={contents} />}
        </section>
      )}
    </div>
  );
}
