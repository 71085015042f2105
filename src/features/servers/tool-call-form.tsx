import { useState } from 'react';
import type { ReactNode } from 'react';
import type { McpToolInfo } from '../../core/mcp';
import { checkOutput } from '../../core/tools';
import { OutputCheckView } from '../../ui/output-check-view';
import { ToolResultView } from '../../ui/tool-result-view';
import { ToolApp, type ToolAppCall } from '../../ui/tool-app-slot';
import { ToolArguments } from '../../ui/tool-arguments';

/** Progress of a running call, as `notifications/progress` reports it. */
export interface CallProgress {
  progress: number;
  total?: number;
  message?: string;
}

/**
 * Runs a tool by hand: a form from its schema and a JSON box, kept in sync; progress shown while it
 * runs. `inbox` shows what the server asks of the client (sampling, elicitation) since the last call
 * started; a tool with an MCP App view shows it under the result.
 */
export function ToolCallForm({
  tool,
  server,
  run,
  inbox,
}: {
  tool: McpToolInfo;
  server: string;
  run: (args: Record<string, unknown>, signal: AbortSignal, onProgress: (progress: CallProgress) => void) => Promise<unknown>;
  inbox?: (since: number) => ReactNode;
}) {
  const [args, setArgs] = useState<Record<string, unknown>>({});
  const [valid, setValid] = useState(true);
  const [running, setRunning] = useState<AbortController>();
  const [progress, setProgress] = useState<CallProgress>();
  const [since, setSince] = useState<number>();
  const [result, setResult] = useState<{ ok: true; value: unknown; ms: number } | { ok: false; error: string; ms: number }>();
  // The call an MCP App view (if the tool has one) shows: one per run, its own id for the bridge wire.
  const [appCall, setAppCall] = useState<ToolAppCall>();

  const go = async () => {
    const controller = new AbortController();
    setRunning(controller);
    setResult(undefined);
    setProgress(undefined);
    setSince(Date.now());
    const started = performance.now();
    const call: ToolAppCall = {
      server,
      toolName: tool.name,
      toolCallId: `manual-${Date.now().toString(36)}`,
      input: args,
      status: 'running',
    };
    setAppCall(call);
    try {
      const value = await run(args, controller.signal, (next) => setProgress({ ...next }));
      setResult({ ok: true, value, ms: performance.now() - started });
      setAppCall({ ...call, result: value, status: 'done' });
    } catch (error) {
      setResult({ ok: false, error: error instanceof Error ? error.message : String(error), ms: performance.now() - started });
      setAppCall({ ...call, status: 'cancelled' });
    } finally {
      setRunning(undefined);
    }
  };

  return (
    <div className="tool-call-form">
      <ToolArguments
        tool={tool}
        onChange={(next, ok) => {
          setArgs(next);
          setValid(ok);
        }}
      />
      <div className="row">
        <button type="button" className="button primary" data-testid="tool-call-run" disabled={!valid || !!running} onClick={go}>
          {running ? 'Running…' : `Call ${tool.name}`}
        </button>
        {running && (
          <button type="button" className="button" onClick={() => running.abort()}>
            Cancel
          </button>
        )}
        {result && <span className="faint">{Math.round(result.ms)} ms</span>}
      </div>
      {running && progress && (
        <div className="tool-call-progress" data-testid="tool-call-progress">
          <progress
            value={progress.total !== undefined ? progress.progress : undefined}
            max={progress.total}
            aria-label={`Progress of ${tool.name}`}
          />
          <span className="faint">
            {progress.total !== undefined ? `${progress.progress} / ${progress.total}` : progress.progress}
            {progress.message ? ` · ${progress.message}` : ''}
          </span>
        </div>
      )}
      {running && tool.execution?.taskSupport === 'required' && (
        <div className="faint">This tool runs as a task: follow it in the Tasks tab.</div>
      )}
      {since !== undefined && inbox?.(since)}
      {result?.ok === true && <ToolResultView result={result.value} testId="tool-result" />}
      {result?.ok === true && <OutputCheckView check={checkOutput(tool.outputSchema, result.value)} />}
      {appCall && <ToolApp key={appCall.toolCallId} call={appCall} />}
      {result?.ok === false && (
        <div className="error-box" data-testid="tool-result" data-is-error="true" role="alert">
          <strong>The call failed:</strong> {result.error}
        </div>
      )}
    </div>
  );
}
