import { useState } from 'react';
import type { McpToolInfo } from '../core/mcp';
import { SchemaForm } from './schema-form';

/** A tool's arguments as a form from its schema and a JSON box, kept in sync; `valid` is false while the JSON does not parse. */
export function ToolArguments({
  tool,
  idPrefix = 'args',
  onChange,
}: {
  tool: McpToolInfo;
  /** Makes the JSON box's id unique where one tool's arguments appear twice (a call form, a check). */
  idPrefix?: string;
  onChange(args: Record<string, unknown>, valid: boolean): void;
}) {
  const [args, setArgs] = useState<Record<string, unknown>>({});
  const [text, setText] = useState('{}');
  const [jsonError, setJsonError] = useState<string>();

  const fromForm = (next: Record<string, unknown>) => {
    setArgs(next);
    setText(JSON.stringify(next, null, 2));
    setJsonError(undefined);
    onChange(next, true);
  };
  const fromText = (next: string) => {
    setText(next);
    try {
      const parsed = JSON.parse(next || '{}') as unknown;
      if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed)) throw new Error('Arguments must be a JSON object');
      setArgs(parsed as Record<string, unknown>);
      setJsonError(undefined);
      onChange(parsed as Record<string, unknown>, true);
    } catch (error) {
      setJsonError(error instanceof Error ? error.message : String(error));
      onChange(args, false);
    }
  };
  const id = `${idPrefix}-${tool.name}`;
  return (
    <>
      <SchemaForm schema={tool.inputSchema ?? {}} value={args} onChange={fromForm} />
      <label className="section-title" htmlFor={id}>
        Arguments (JSON)
      </label>
      <textarea
        id={id}
        data-testid="tool-call-args"
        rows={4}
        value={text}
        onChange={(e) => fromText(e.target.value)}
        spellCheck={false}
        aria-invalid={jsonError ? true : undefined}
      />
      {jsonError && <div className="field-error">{jsonError}</div>}
    </>
  );
}
