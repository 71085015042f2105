import { useEffect, useState } from 'react';
import { buildViewDocument, type ViewPermission } from '../../core/apps';
import { APP_MIME_TYPE, readResourceUi, readToolUi } from '../../core/mcp';
import type { ToolAppCall } from '../../ui/tool-app-slot';
import { useStore } from '../../ui/use-store';
import type { AppsHost } from './apps-host';
import { AppView, type AppViewProps } from './app-view';

/** A view ready to show: its document and what it declared. */
type Loaded = Pick<AppViewProps, 'document' | 'declared'>;

/** The HTML of a resources/read result's first content, or why there is none. */
function htmlOf(result: unknown): { html: string; content: unknown } | { problem: string } {
  const content = (result as { contents?: unknown[] } | null)?.contents?.[0] as
    { mimeType?: unknown; text?: unknown; blob?: unknown } | undefined;
  if (!content) return { problem: 'The resource came back empty.' };
  if (content.mimeType !== APP_MIME_TYPE)
    return { problem: `The resource's type is ${JSON.stringify(content.mimeType)}, not ${APP_MIME_TYPE}: not shown as an app.` };
  if (typeof content.text === 'string') return { html: content.text, content };
  if (typeof content.blob === 'string')
    return { html: new TextDecoder().decode(Uint8Array.from(atob(content.blob), (char) => char.charCodeAt(0))), content };
  return { problem: 'The resource has neither text nor blob.' };
}

/**
 * The MCP App view of one tool call, when its tool has one: reads the ui:// resource through the
 * server's connection (a `resources/read` on the MCP wire, linked to the call), builds the view's
 * document behind its CSP, and shows it. Nothing when the tool has no view.
 */
export function ToolCallApp({ host, call }: { host: AppsHost; call: ToolAppCall }) {
  const { servers } = useStore(host.connections);
  const tool = servers
    .find((server) => server.name === call.server && server.status === 'connected')
    ?.tools.find((candidate) => candidate.name === call.toolName);
  const resourceUri = tool ? readToolUi(tool).resourceUri : undefined;
  const [loaded, setLoaded] = useState<Loaded | { problem: string }>();
  const [permissions, setPermissions] = useState<{ granted: readonly ViewPermission[]; answered: boolean }>({
    granted: [],
    answered: false,
  });

  useEffect(() => {
    if (resourceUri === undefined) return;
    const connection = host.connections.get(call.server);
    if (!connection) return;
    const controller = new AbortController();
    connection.apps.read(resourceUri, { signal: controller.signal, toolCallId: call.toolCallId }).then(
      (result) => {
        const html = htmlOf(result);
        if ('problem' in html) return setLoaded(html);
        const ui = readResourceUi(html.content);
        const { document, refused } = buildViewDocument(html.html, ui.csp);
        setLoaded({
          document,
          declared: {
            connectDomains: ui.csp.connectDomains,
            resourceDomains: ui.csp.resourceDomains,
            permissions: ui.permissions,
            refused,
            ...(ui.prefersBorder !== undefined ? { prefersBorder: ui.prefersBorder } : {}),
          },
        });
      },
      (error: unknown) => {
        if (!controller.signal.aborted)
          setLoaded({ problem: `Reading ${resourceUri} failed: ${error instanceof Error ? error.message : String(error)}` });
      },
    );
    return () => controller.abort();
  }, [host.connections, call.server, call.toolCallId, resourceUri]);

  if (resourceUri === undefined) return null;
  if (loaded === undefined) return <div className="faint app-loading">Loading the MCP App view ({resourceUri})…</div>;
  if ('problem' in loaded)
    return (
      <div className="warn-box" data-testid="app-problem">
        {loaded.problem}
      </div>
    );

  const toolFor: AppViewProps['toolFor'] = (name) => {
    const target = servers.find((server) => server.name === call.server)?.tools.find((candidate) => candidate.name === name);
    if (!target) return { refused: `${call.server} has no tool named ${name}.` };
    if (!readToolUi(target).visibility.includes('app'))
      return { refused: `${name} is not visible to app views (_meta.ui.visibility leaves "app" out).` };
    return target.annotations ? { annotations: target.annotations } : {};
  };
  const connection = () => {
    const found = host.connections.get(call.server);
    if (!found) throw new Error(`${call.server} is not connected.`);
    return found;
  };
  return (
    <AppView
      // A frame's permissions take effect when it loads: granting or taking them back rebuilds the view.
      key={permissions.granted.join(' ')}
      granted={permissions.granted}
      permissionsAnswered={permissions.answered}
      onPermissions={(granted) => setPermissions({ granted, answered: true })}
      host={host}
      call={call}
      resourceUri={resourceUri}
      {...loaded}
      toolFor={toolFor}
      callTool={(name, args) => connection().callTool(name, args, { toolCallId: call.toolCallId })}
      readResource={(uri) => connection().apps.read(uri, { toolCallId: call.toolCallId })}
    />
  );
}
