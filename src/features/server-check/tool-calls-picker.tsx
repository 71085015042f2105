import { useId, useState } from 'react';
import { DestructiveConfirm } from '../../ui/destructive-confirm';
import type { McpToolInfo } from '../../core/mcp';
import { ToolArguments } from '../../ui/tool-arguments';

/**
 * "Also call these tools": by default the check calls none. Each tool ticked here is called once
 * during the next run with the arguments given in the call form's editor; ticking a tool the
 * server marks destructive asks once more.
 */
export function ToolCallsPicker({
  server,
  tools,
  calls,
  onChange,
}: {
  server: string;
  tools: readonly McpToolInfo[];
  calls: Readonly<Record<string, Record<string, unknown>>>;
  onChange(tool: string, args: Record<string, unknown> | undefined): void;
}) {
  const [confirming, setConfirming] = useState<string>();
  const [filter, setFilter] = useState('');
  const prefix = useId();
  const chosen = Object.keys(calls).length;
  const needle = filter.trim().toLowerCase();
  const shown = (needle ? tools.filter((tool) => tool.name.toLowerCase().includes(needle)) : tools).slice(0, 50);
  return (
    <details className="check-calls" data-testid="check-calls">
      <summary>
        Also call these tools <span className="faint">({chosen === 0 ? 'none: the check calls no tool' : `${chosen} chosen`})</span>
      </summary>
      <p className="faint">
        A check only reads lists and sends probes that change nothing. A tool ticked here is called once during the next run, with your
        arguments, and its result is checked against the tool&apos;s output schema.
      </p>
      {tools.length > 10 && (
        <input
          type="search"
          placeholder={`Filter ${tools.length} tools`}
          aria-label={`Filter the tools of ${server} to call`}
          value={filter}
          onChange={(event) => setFilter(event.target.value)}
        />
      )}
      <ul className="check-call-list">
        {shown.map((tool) => {
          const ticked = calls[tool.name] !== undefined;
          const destructive = tool.annotations?.destructiveHint === true;
          return (
            <li key={tool.name}>
              <label>
                <input
                  type="checkbox"
                  checked={ticked || confirming === tool.name}
                  data-testid={`check-call-${tool.name}`}
                  onChange={(event) => {
                    if (!event.target.checked) {
                      setConfirming(undefined);
                      onChange(tool.name, undefined);
                    } else if (destructive) setConfirming(tool.name);
                    else onChange(tool.name, {});
                  }}
                />{' '}
                <span className="mono">{tool.name}</span>
                {destructive && <span className="badge warn">destructive</span>}
              </label>
              {confirming === tool.name && (
                <DestructiveConfirm
                  tool={tool.name}
                  consequence={<>calling it may change or delete data on {server}.</>}
                  confirmLabel="Call it during the check"
                  cancelLabel="Don't call it"
                  onConfirm={() => {
                    setConfirming(undefined);
                    onChange(tool.name, {});
                  }}
                  onCancel={() => setConfirming(undefined)}
                  testId="check-call-confirm"
                  className="check-confirm"
                />
              )}
              {ticked && (
                <div className="tool-call-form check-call-args">
                  <ToolArguments tool={tool} idPrefix={`${prefix}-check`} onChange={(args, valid) => valid && onChange(tool.name, args)} />
                </div>
              )}
            </li>
          );
        })}
      </ul>
      {shown.length < tools.length && !needle && <p className="faint">Filter to find the other {tools.length - shown.length} tools.</p>}
    </details>
  );
}
