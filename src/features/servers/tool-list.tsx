/**
 * A server's tools under its card (or the agent's local tools): the list with its filter, each
 * tool's annotations as badges, and the opened tool's detail (lazy-views.ts).
 */
import { Suspense, useDeferredValue, useEffect, useState } from 'react';
import type { ReactNode } from 'react';
import type { McpToolInfo } from '../../core/mcp';
import { preloadWhenIdle } from '../../ui/lazy-named';
import { JsonView, ServerSignInSection, ToolDetail } from './lazy-views';
import { McpIconView } from './server-identity';
import type { CallProgress } from './tool-call-form';

/** Tools listed before a filter box is offered. */
const FILTER_FROM = 20;
/** Tools drawn at once; more on request (a server may list thousands). */
const TOOLS_SHOWN = 200;

/** The tools of one server, filterable; a click opens one. */
export function ToolList({
  serverName,
  tools,
  pages,
  run,
  inbox,
}: {
  serverName: string;
  tools: McpToolInfo[];
  pages?: number;
  run: (tool: string, args: Record<string, unknown>, signal: AbortSignal, onProgress: (progress: CallProgress) => void) => Promise<unknown>;
  inbox?: (since: number) => ReactNode;
}) {
  const [open, setOpen] = useState<string>();
  useEffect(() => preloadWhenIdle([ToolDetail, ServerSignInSection, JsonView]), []);
  const [filter, setFilter] = useState('');
  const [limit, setLimit] = useState(TOOLS_SHOWN);
  // Typing stays responsive with thousands of tools: the list follows a step behind.
  const deferredFilter = useDeferredValue(filter.trim().toLowerCase());
  const matching = deferredFilter
    ? tools.filter(
        (tool) => tool.name.toLowerCase().includes(deferredFilter) || (tool.title?.toLowerCase().includes(deferredFilter) ?? false),
      )
    : tools;
  const shown = matching.length > limit ? matching.slice(0, limit) : matching;
  return (
    <div className="tool-list">
      <div className="section-title" data-testid={`tool-count-${serverName}`}>
        Tools ({tools.length}){pages && pages > 1 ? ` · ${pages} pages` : ''}
      </div>
      {tools.length === 0 && <div className="muted">This server offers no tools.</div>}
      {tools.length > FILTER_FROM && (
        <input
          type="search"
          placeholder={`Filter ${tools.length} tools`}
          aria-label={`Filter the tools of ${serverName}`}
          data-testid={`tool-filter-${serverName}`}
          value={filter}
          onChange={(e) => setFilter(e.target.value)}
        />
      )}
      {deferredFilter !== '' && (
        <div className="muted" data-testid={`tool-filter-count-${serverName}`}>
          {matching.length} of {tools.length} tools match
        </div>
      )}
      <ul>
        {shown.map((tool) => (
          <li key={tool.name} className={open === tool.name ? 'open' : ''}>
            <button
              type="button"
              className="tool-button"
              data-testid={`tool-${serverName}-${tool.name}`}
              aria-expanded={open === tool.name}
              onClick={() => setOpen(open === tool.name ? undefined : tool.name)}
            >
              <McpIconView icons={tool.icons} />
              {tool.title ? <span className="tool-title">{tool.title}</span> : null}
              <span className={`mono tool-name${tool.title ? ' muted' : ''}`}>{tool.name}</span>
              {tool.problems && (
                <span className="badge warn" title={tool.problems.join('; ')}>
                  {tool.problems.some((problem) => /schema/i.test(problem)) ? 'invalid schema' : 'invalid name'}
                </span>
              )}
              <Annotations annotations={tool.annotations} />
            </button>
            {open === tool.name && (
              <Suspense fallback={null}>
                <ToolDetail tool={tool} serverName={serverName} run={run} inbox={inbox} />
              </Suspense>
            )}
          </li>
        ))}
      </ul>
      {shown.length < matching.length && (
        <button type="button" className="link-button small" onClick={() => setLimit(limit + TOOLS_SHOWN * 5)}>
          {matching.length - shown.length} more tools not drawn — show {Math.min(TOOLS_SHOWN * 5, matching.length - shown.length)} more, or
          filter
        </button>
      )}
    </div>
  );
}

function Annotations({ annotations }: { annotations?: McpToolInfo['annotations'] }) {
  if (!annotations) return null;
  const hints: string[] = [];
  if (annotations.readOnlyHint) hints.push('read-only');
  if (annotations.destructiveHint === false && !annotations.readOnlyHint) hints.push('non-destructive');
  if (annotations.destructiveHint === true) hints.push('destructive');
  if (annotations.idempotentHint) hints.push('idempotent');
  if (annotations.openWorldHint === false) hints.push('closed world');
  if (hints.length === 0) return null;
  return (
    <span className="hints" title="Hints from the server, not guarantees">
      {hints.map((hint) => (
        <span key={hint} className="badge">
          {hint}
        </span>
      ))}
    </span>
  );
}
