/**
 * One request of a load probe on a session (ServerConnection.sendProbeRequest): the first of each
 * kind through the SDK, which builds it and whose transport's request is kept as the template;
 * the others sent from that template (probe-sender.ts). Either way the request goes through the
 * session's sign-in and wire tap, and carries the probe's run in its call's context, so the tap
 * summarises it on the probe's one row.
 */
import type { Session } from './mcp-session';
import { probeKey, sendFromTemplate } from './probe-sender';

let probeIds = 0;

/** Sends one probe request as it is (no renewal of a forgotten session, no diagnosis); `signal` aborts it. */
export async function sendProbe(
  session: Session,
  method: 'tools/list' | 'tools/call',
  params: Record<string, unknown> | undefined,
  options: { signal: AbortSignal; loadRun: string; timeoutMs: number },
): Promise<unknown> {
  const args = method === 'tools/call' ? (params?.['arguments'] as object | undefined) : undefined;
  const call = session.calls.begin({
    methods: [method],
    ...(args && { arguments: args }),
    context: { loadRun: options.loadRun },
    signal: options.signal,
  });
  const repeatable = session.kind === 'streamable-http';
  const key = probeKey(method, params);
  const template = repeatable ? session.probeTemplates.get(key) : undefined;
  try {
    if (template) {
      const id = `load-${++probeIds}`;
      session.calls.adopt(call, id, method);
      const timer = setTimeout(
        () => call.controller.abort(new Error(`No answer to ${method} within ${options.timeoutMs / 1000} s.`)),
        options.timeoutMs,
      );
      try {
        return await sendFromTemplate(session.probeFetch, template, id, call.controller.signal);
      } catch (error) {
        throw call.controller.signal.aborted && !options.signal.aborted ? (call.controller.signal.reason ?? error) : error;
      } finally {
        clearTimeout(timer);
      }
    }
    if (repeatable) session.probeTemplates.arm(key, method);
    return await session.client.request(
      { method, ...(params && { params }) },
      { signal: call.controller.signal, timeout: options.timeoutMs },
    );
  } catch (error) {
    const request = call.requests.at(-1);
    if (options.signal.aborted && request) session.tap.close(request.id);
    throw call.failure ?? error;
  } finally {
    session.calls.end(call);
  }
}
