import { useEffect, useRef, useState } from 'react';
import { decideViewToolCall, frameAllowAttribute, ViewConsentQueue, type ViewPermission, type ViewQuestion } from '../../core/apps';
import type { ToolAnnotations } from '../../core/tools';
import { useStore } from '../../ui/use-store';
import type { ToolAppCall } from '../../ui/tool-app-slot';
import type { AppsHost } from './apps-host';
import { sandboxTarget } from './apps-host';
import { AppConsent } from './app-consent';
import { AppPermissions } from './app-permissions';
import { AppTeachingNote } from './app-teaching-note';
import { useHostContext } from './use-host-context';
import { useViewChannel, type ViewHandlers } from './use-view-channel';

/** Props for AppView. */
export interface AppViewProps {
  host: AppsHost;
  call: ToolAppCall;
  resourceUri: string;
  /** The view's document (its HTML behind its CSP). */
  document: string;
  /** What the resource declared, for the person. */
  declared: {
    connectDomains: readonly string[];
    resourceDomains: readonly string[];
    permissions: readonly string[];
    refused: readonly string[];
    prefersBorder?: boolean;
  };
  /** Runs a tool of the view's server (after the person's policy allowed it). */
  callTool(name: string, args: Record<string, unknown>): Promise<unknown>;
  /** Reads a resource of the view's server. */
  readResource(uri: string): Promise<unknown>;
  /** A tool of this server the view may call (its annotations, for the policy), or why it may not call it at all. */
  toolFor(name: string): { annotations?: ToolAnnotations } | { refused: string };
  /** The browser permissions the person granted this view (its frame is rebuilt when they change). */
  granted: readonly ViewPermission[];
  /** Whether the person answered the view's permission request; `onPermissions` records the answer. */
  permissionsAnswered: boolean;
  onPermissions(granted: readonly ViewPermission[]): void;
}

/** Smallest and largest height a view may ask for, in px. */
const HEIGHT = { min: 60, max: 1600, initial: 240 };

/**
 * One MCP App view: the sandboxed frame, its channel (the SDK's AppBridge), and everything the person decides for
 * it (a tool call or read it asks for, a link it wants opened), with what it declared on show.
 */
export function AppView({
  host,
  call,
  resourceUri,
  document: viewDocument,
  declared,
  callTool,
  readResource,
  toolFor,
  granted,
  permissionsAnswered,
  onPermissions,
}: AppViewProps) {
  const frame = useRef<HTMLIFrameElement>(null);
  const [viewId] = useState(() => `view-${Math.random().toString(36).slice(2, 10)}`);
  const [height, setHeight] = useState(HEIGHT.initial);
  const [displayMode, setDisplayMode] = useState<'inline' | 'fullscreen'>('inline');
  // What the view asks the person, identical questions waiting at once as one card; whatever still waits when the view goes is denied.
  const [consents] = useState(() => new ViewConsentQueue());
  const waiting = useStore(consents);
  useEffect(() => () => consents.close(), [consents]);
  const [modelContext, setModelContext] = useState<string>();
  const [target] = useState(sandboxTarget);
  const label = `${call.server} · ${call.toolName}`;

  /** Asks the person; resolves true unless they deny. */
  const ask = async (question: ViewQuestion) => (await consents.ask(question)) !== 'deny';

  const handlers: ViewHandlers = {
    async callTool(name, args) {
      const tool = toolFor(name);
      if ('refused' in tool) return { isError: true, content: [{ type: 'text', text: tool.refused }] };
      // The model's policy for this server and tool decides (pinned; a changed definition asks again).
      const decided = await decideViewToolCall(
        { server: call.server, tool: name, args, ...(tool.annotations && { annotations: tool.annotations }) },
        host.policies,
        consents,
      );
      if (!decided.run) return { isError: true, content: [{ type: 'text', text: decided.reason }] };
      return callTool(name, args);
    },
    async readResource(uri) {
      if (uri !== resourceUri && !(await ask({ kind: 'resource', title: 'The view asks to read a resource', detail: uri })))
        throw new Error(`The person did not allow reading ${uri}.`);
      return readResource(uri);
    },
    async message(text) {
      try {
        await host.sendMessage(text, label);
        return {};
      } catch {
        return { isError: true };
      }
    },
    updateModelContext(text) {
      setModelContext(text);
      host.context.set({ viewId, label, text });
    },
    async openLink(url) {
      const safe = /^https?:\/\//i.test(url);
      if (!safe) return { isError: true };
      return (await ask({ kind: 'link', title: 'The view asks to open a link', detail: url })) ? {} : { isError: true };
    },
    displayMode(mode) {
      const next = mode === 'fullscreen' ? 'fullscreen' : 'inline';
      setDisplayMode(next);
      return next;
    },
    size(size) {
      if (typeof size.height === 'number' && Number.isFinite(size.height))
        setHeight(Math.max(HEIGHT.min, Math.min(HEIGHT.max, Math.ceil(size.height))));
    },
  };

  const hostContext = useHostContext(frame, { theme: host.theme, displayMode, maxHeight: HEIGHT.max, call });
  const { appBridge, state } = useViewChannel({
    frame,
    document: viewDocument,
    targetOrigin: target.origin === 'opaque' ? '*' : target.origin,
    log: host.log,
    viewId,
    server: call.server,
    toolCallId: call.toolCallId,
    hostContext,
    granted,
    handlers,
  });

  // What the view learns, once it said it is ready: the host context as it changes (theme, display
  // mode, width, locale), the input as it streams and when whole, the result or the cancellation.
  const { initialized } = state;
  const contextKey = JSON.stringify(hostContext);
  useEffect(() => {
    if (initialized) appBridge.current?.setHostContext(JSON.parse(contextKey) as typeof hostContext);
  }, [initialized, contextKey, appBridge]);
  useEffect(() => {
    if (initialized && call.input === undefined && call.partialInput !== undefined)
      void appBridge.current?.sendToolInputPartial({ arguments: call.partialInput as Record<string, unknown> });
  }, [initialized, call.input, call.partialInput, appBridge]);
  useEffect(() => {
    if (initialized && call.input !== undefined)
      void appBridge.current?.sendToolInput({ arguments: call.input as Record<string, unknown> });
  }, [initialized, call.input, appBridge]);
  useEffect(() => {
    if (!initialized) return;
    if (call.result !== undefined) void appBridge.current?.sendToolResult(call.result as never);
    else if (call.status === 'cancelled') void appBridge.current?.sendToolCancelled({ reason: 'The tool call was stopped or failed.' });
  }, [initialized, call.result, call.status, appBridge]);
  useEffect(() => () => host.context.set({ viewId, label, text: '' }), [host.context, viewId, label]);

  const fullscreen = displayMode === 'fullscreen';
  return (
    <section
      className={`app-view${fullscreen ? ' fullscreen' : ''}${declared.prefersBorder === false ? ' borderless' : ''}`}
      aria-label={`MCP App view of ${label}`}
      data-testid="app-view"
      data-display-mode={displayMode}
    >
      <header className="app-view-head">
        <span className="badge">MCP App</span>
        <code className="faint">{resourceUri}</code>
        <span className="spacer" />
        <span className="faint" data-testid="app-status">
          {state.failure ? `bridge failed: ${state.failure}` : initialized ? 'connected' : 'starting…'}
        </span>
        <button
          type="button"
          className="small-button"
          data-testid="app-fullscreen"
          aria-pressed={fullscreen}
          onClick={() => setDisplayMode(fullscreen ? 'inline' : 'fullscreen')}
        >
          {fullscreen ? 'Exit fullscreen' : 'Fullscreen'}
        </button>
      </header>
      <AppPermissions declared={declared.permissions} granted={granted} answered={permissionsAnswered} onAnswer={onPermissions} />
      {waiting.map((question) => (
        <AppConsent key={question.id} question={question} onAnswer={(answer) => consents.answer(question.id, answer)} />
      ))}
      <iframe
        ref={frame}
        className="app-frame"
        data-testid="app-frame"
        data-resource-uri={resourceUri}
        data-origin={target.origin}
        title={`MCP App view: ${label}`}
        sandbox={target.origin === 'opaque' ? 'allow-scripts' : 'allow-scripts allow-same-origin'}
        allow={frameAllowAttribute(granted) || undefined}
        referrerPolicy="no-referrer"
        src={target.url}
        style={fullscreen ? undefined : { height }}
      />
      {state.dropped > 0 && (
        <div className="warn-box" role="status" data-testid="app-rate-limited">
          The view sent messages faster than the bridge takes them: {state.dropped} dropped unread (see the App bridge wire).
        </div>
      )}
      {state.violations.length > 0 && (
        <div className="warn-box" role="status" data-testid="app-csp-blocked">
          Blocked by the view's Content-Security-Policy: {state.violations.join(', ')}
        </div>
      )}
      {modelContext !== undefined && modelContext !== '' && (
        <div className="app-model-context" data-testid="app-model-context">
          <div className="section-title">Context for the model's next request (from this view)</div>
          <pre className="mono">{modelContext}</pre>
        </div>
      )}
      <AppTeachingNote declared={declared} granted={granted} origin={target.origin} />
    </section>
  );
}
