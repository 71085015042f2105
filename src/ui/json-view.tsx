import { useState } from 'react';
import { Check, Copy } from 'lucide-react';
import { copyText } from './copy-button';
import { formatCount } from '../core/shared';

/** Props for JsonView. */
export interface JsonViewProps {
  value: unknown;
  /** Levels opened at first; deeper objects start collapsed. Default 2. */
  openDepth?: number;
  /** Strings longer than this are cut with a "show all" toggle. Default 2,000. */
  maxString?: number;
  label?: string;
}

/**
 * A collapsible, pretty-printed JSON tree. Everything is rendered as text:
 * values from servers and models are untrusted and never become HTML.
 */
export function JsonView({ value, openDepth = 2, maxString = 2000, label }: JsonViewProps) {
  return (
    <div className="json-view" aria-label={label ?? 'JSON'} role="tree">
      <JsonNode value={value} depth={0} openDepth={openDepth} maxString={maxString} last />
    </div>
  );
}

function JsonNode({
  name,
  value,
  depth,
  openDepth,
  maxString,
  last,
}: {
  name?: string;
  value: unknown;
  depth: number;
  openDepth: number;
  maxString: number;
  last: boolean;
}) {
  const [open, setOpen] = useState(depth < openDepth);
  const comma = last ? '' : ',';
  const key = name !== undefined ? <span className="json-key">{JSON.stringify(name)}: </span> : null;
  if (value !== null && typeof value === 'object') {
    const isArray = Array.isArray(value);
    const entries = isArray
      ? (value as unknown[]).map((v, i) => [String(i), v] as const)
      : Object.entries(value as Record<string, unknown>);
    const [openBrace, closeBrace] = isArray ? ['[', ']'] : ['{', '}'];
    if (entries.length === 0) {
      return (
        <div className="json-line" role="treeitem">
          {key}
          <span className="json-punct">{openBrace + closeBrace}</span>
          {comma}
        </div>
      );
    }
    return (
      <div className="json-node" role="treeitem" aria-expanded={open}>
        <button type="button" className="json-toggle" onClick={() => setOpen(!open)} aria-label={open ? 'Collapse' : 'Expand'}>
          {open ? '▾' : '▸'}
        </button>
        {key}
        <span className="json-punct">{openBrace}</span>
        <NodeCopy value={value} name={name} />
        {open ? (
          <div className="json-children" role="group">
            {entries.map(([k, v], i) => (
              <JsonNode
                key={k}
                name={isArray ? undefined : k}
                value={v}
                depth={depth + 1}
                openDepth={openDepth}
                maxString={maxString}
                last={i === entries.length - 1}
              />
            ))}
          </div>
        ) : (
          <button type="button" className="json-summary" onClick={() => setOpen(true)}>
            {isArray ? `${entries.length} items` : `${entries.length} keys`}
          </button>
        )}
        <span className="json-punct">{closeBrace}</span>
        {comma}
      </div>
    );
  }
  return (
    <div className="json-line" role="treeitem">
      {key}
      <JsonScalar value={value} maxString={maxString} />
      {comma}
    </div>
  );
}

/** Copies one node's JSON (pretty-printed); shown when the node is hovered or focused. */
function NodeCopy({ value, name }: { value: unknown; name: string | undefined }) {
  const [done, setDone] = useState(false);
  return (
    <button
      type="button"
      className="json-copy"
      aria-label={name === undefined ? 'Copy this JSON' : `Copy ${name}`}
      title="Copy this node's JSON"
      onClick={async () => {
        await copyText(JSON.stringify(value, null, 2));
        setDone(true);
        setTimeout(() => setDone(false), 1200);
      }}
    >
      {done ? <Check aria-hidden size={11} /> : <Copy aria-hidden size={11} />}
    </button>
  );
}

function JsonScalar({ value, maxString }: { value: unknown; maxString: number }) {
  const [full, setFull] = useState(false);
  if (typeof value === 'string') {
    const cut = !full && value.length > maxString;
    const shown = cut ? value.slice(0, maxString) : value;
    return (
      <span className="json-string">
        {JSON.stringify(shown).slice(0, cut ? -1 : undefined)}
        {cut && (
          <>
            …&quot;{' '}
            <button type="button" className="link-button" onClick={() => setFull(true)}>
              show all {formatCount(value.length)} characters
            </button>
          </>
        )}
      </span>
    );
  }
  if (typeof value === 'number') return <span className="json-number">{String(value)}</span>;
  if (typeof value === 'boolean') return <span className="json-boolean">{String(value)}</span>;
  if (value === null) return <span className="json-null">null</span>;
  return <span className="json-null">{String(value)}</span>;
}

/** Parse text as JSON for display; falls back to the text itself. */
export function tryParseJson(text: string | undefined): { ok: true; value: unknown } | { ok: false; text: string } {
  if (text === undefined) return { ok: false, text: '' };
  try {
    return { ok: true, value: JSON.parse(text) };
  } catch {
    return { ok: false, text };
  }
}
