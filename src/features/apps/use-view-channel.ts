// First: zod must be jitless before the AppBridge library builds its schemas (see core/mcp/zod-jitless.ts:
// under the page's CSP zod's eval probe is caught, but the browser still reports a violation).
import '../../core/mcp/zod-jitless';
import { useEffect, useRef, useState, type RefObject } from 'react';
import { AppBridge } from '@modelcontextprotocol/ext-apps/app-bridge';
import type { McpUiHostContext } from '@modelcontextprotocol/ext-apps/app-bridge';
import { ViewChannel, grantedCapability } from '../../core/apps';
import type { ViewLog, ViewPermission } from '../../core/apps';

/** The requests a view makes that its host answers (each handler may ask the person first). */
export interface ViewHandlers {
  callTool(name: string, args: Record<string, unknown>): Promise<unknown>;
  readResource(uri: string): Promise<unknown>;
  message(text: string): Promise<{ isError?: boolean }>;
  updateModelContext(text: string): void;
  openLink(url: string): Promise<{ isError?: boolean }>;
  displayMode(mode: string): string;
  size(size: { width?: number; height?: number }): void;
}

/** What the view channel shows about itself. */
export interface ViewChannelState {
  initialized: boolean;
  dropped: number;
  violations: readonly string[];
  failure?: string;
}

/** Settings of one view's channel. */
export interface UseViewChannelOptions {
  frame: RefObject<HTMLIFrameElement | null>;
  /** The document to write into the sandbox (undefined until the resource is read). */
  document?: string;
  targetOrigin: string;
  log: ViewLog;
  viewId: string;
  server: string;
  toolCallId: string;
  hostContext: McpUiHostContext;
  /** The browser permissions granted to the frame, told to the view as `sandbox.permissions`. */
  granted: readonly ViewPermission[];
  handlers: ViewHandlers;
}

/** Text of a content block list (what a view sends in ui/message and ui/update-model-context). */
function contentText(params: { content?: unknown; structuredContent?: unknown }): string {
  const blocks = Array.isArray(params.content) ? (params.content as Array<{ type?: unknown; text?: unknown }>) : [];
  const texts = blocks.filter((block) => block.type === 'text' && typeof block.text === 'string').map((block) => block.text as string);
  if (params.structuredContent !== undefined) texts.push(JSON.stringify(params.structuredContent, null, 2));
  return texts.join('\n');
}

/**
 * Connects a view to its host with the official AppBridge over a recorded, rate-limited channel:
 * the sandbox says it is ready, the document goes in, the view's `ui/initialize` is answered with
 * the host context, and its requests reach the handlers. On unmount the view is torn down.
 */
export function useViewChannel(options: UseViewChannelOptions): { appBridge: RefObject<AppBridge | undefined>; state: ViewChannelState } {
  const [state, setState] = useState<ViewChannelState>({ initialized: false, dropped: 0, violations: [] });
  const appBridgeRef = useRef<AppBridge | undefined>(undefined);
  const latest = useRef(options);
  latest.current = options;
  const { document: viewDocument, viewId } = options;

  useEffect(() => {
    const frame = latest.current.frame.current;
    if (viewDocument === undefined || !frame) return;
    const { log, server, toolCallId, targetOrigin } = latest.current;
    const handlers = () => latest.current.handlers;
    const channel = new ViewChannel({
      log,
      viewId,
      server,
      toolCallId,
      post: (message) => frame.contentWindow?.postMessage(message, targetOrigin),
      onDropped: (dropped) => setState((previous) => ({ ...previous, dropped })),
      onViolation: (violation) =>
        setState((previous) => ({
          ...previous,
          violations: [...previous.violations, `${violation.directive}: ${violation.blockedURI}`].slice(-20),
        })),
    });
    const appBridge = new AppBridge(
      null,
      { name: 'glassbox', version: '0.1.0' },
      {
        openLinks: {},
        serverTools: {},
        serverResources: {},
        logging: {},
        updateModelContext: { text: {} },
        message: { text: {} },
        sandbox: { permissions: grantedCapability(latest.current.granted) },
      },
      { hostContext: latest.current.hostContext },
    );
    appBridge.oncalltool = async (params) =>
      (await handlers().callTool(params.name, (params.arguments ?? {}) as Record<string, unknown>)) as never;
    appBridge.onreadresource = async (params) => (await handlers().readResource(params.uri)) as never;
    appBridge.onmessage = async (params) => handlers().message(contentText(params as { content?: unknown }));
    appBridge.onupdatemodelcontext = async (params) => {
      handlers().updateModelContext(contentText(params as { content?: unknown; structuredContent?: unknown }));
      return {};
    };
    appBridge.onopenlink = async (params) => handlers().openLink(params.url);
    appBridge.onrequestdisplaymode = async (params) => ({ mode: handlers().displayMode(params.mode) as 'inline' });
    appBridge.onsizechange = (params) => handlers().size(params);
    appBridge.onloggingmessage = () => undefined;
    appBridge.oninitialized = () => setState((previous) => ({ ...previous, initialized: true }));
    appBridgeRef.current = appBridge;

    let delivered = false;
    const onMessage = (event: MessageEvent) => {
      if (event.source !== frame.contentWindow || event.source === null) return;
      const data = event.data as { type?: unknown } | null;
      if (!delivered && data !== null && typeof data === 'object' && data.type === 'glassbox/sandbox-ready') {
        delivered = true;
        frame.contentWindow?.postMessage({ type: 'glassbox/view', document: viewDocument }, targetOrigin);
        return;
      }
      channel.receive(event.data);
    };
    window.addEventListener('message', onMessage);
    appBridge.connect(channel).catch((error: unknown) => setState((previous) => ({ ...previous, failure: String(error) })));
    return () => {
      window.removeEventListener('message', onMessage);
      appBridgeRef.current = undefined;
      // Tell the view it is going away (answered or not), then close the channel.
      const teardown = appBridge.teardownResource({}, { timeout: 500 }).catch(() => undefined);
      void teardown.finally(() => void appBridge.close());
    };
  }, [viewDocument, viewId]);

  return { appBridge: appBridgeRef, state };
}
