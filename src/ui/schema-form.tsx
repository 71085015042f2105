import { useId } from 'react';

type Schema = Record<string, unknown>;

/** A form generated from a tool's input schema (top-level properties); complex fields take JSON. */
export function SchemaForm({
  schema,
  value,
  onChange,
}: {
  schema: Schema;
  value: Record<string, unknown>;
  onChange: (next: Record<string, unknown>) => void;
}) {
  const baseId = useId();
  const properties = (schema.properties && typeof schema.properties === 'object' ? schema.properties : {}) as Record<string, Schema>;
  const required = new Set(Array.isArray(schema.required) ? (schema.required as string[]) : []);
  const names = Object.keys(properties);
  if (names.length === 0) return <div className="muted">This tool takes no arguments.</div>;

  const set = (name: string, next: unknown) => {
    const copy = { ...value };
    if (next === undefined) delete copy[name];
    else copy[name] = next;
    onChange(copy);
  };

  return (
    <div className="schema-form">
      {names.map((name) => {
        const property = properties[name] ?? {};
        const id = `${baseId}-${name}`;
        const type = Array.isArray(property.type)
          ? (property.type as string[]).find((t) => t !== 'null')
          : (property.type as string | undefined);
        const description = typeof property.description === 'string' ? property.description : undefined;
        const current = value[name];
        let input: React.ReactNode;
        if (Array.isArray(property.enum)) {
          input = (
            <select
              id={id}
              value={current === undefined ? '' : JSON.stringify(current)}
              onChange={(e) => set(name, e.target.value === '' ? undefined : JSON.parse(e.target.value))}
            >
              <option value="">(not set)</option>
              {(property.enum as unknown[]).map((option) => (
                <option key={JSON.stringify(option)} value={JSON.stringify(option)}>
                  {String(option)}
                </option>
              ))}
            </select>
          );
        } else if (type === 'string') {
          input = (
            <input
              id={id}
              type="text"
              value={typeof current === 'string' ? current : ''}
              placeholder={typeof property.default === 'string' ? property.default : ''}
              onChange={(e) => set(name, e.target.value === '' ? undefined : e.target.value)}
            />
          );
        } else if (type === 'number' || type === 'integer') {
          input = (
            <input
              id={id}
              type="number"
              step={type === 'integer' ? 1 : 'any'}
              min={typeof property.minimum === 'number' ? property.minimum : undefined}
              max={typeof property.maximum === 'number' ? property.maximum : undefined}
              value={typeof current === 'number' ? current : ''}
              placeholder={property.default !== undefined ? String(property.default) : ''}
              onChange={(e) => set(name, e.target.value === '' ? undefined : Number(e.target.value))}
            />
          );
        } else if (type === 'boolean') {
          input = <input id={id} type="checkbox" checked={current === true} onChange={(e) => set(name, e.target.checked)} />;
        } else {
          input = <JsonField id={id} value={current} onChange={(next) => set(name, next)} />;
        }
        return (
          <div className="schema-field" key={name}>
            <label htmlFor={id}>
              <span className="mono">{name}</span>
              {required.has(name) ? (
                <span className="required" aria-label="required">
                  {' '}
                  *
                </span>
              ) : null}
              {type ? <span className="faint"> {type}</span> : null}
            </label>
            {input}
            {description && <div className="faint field-help">{description}</div>}
          </div>
        );
      })}
    </div>
  );
}

function JsonField({ id, value, onChange }: { id: string; value: unknown; onChange: (next: unknown) => void }) {
  return (
    <textarea
      id={id}
      rows={2}
      defaultValue={value === undefined ? '' : JSON.stringify(value)}
      onBlur={(e) => {
        const text = e.target.value.trim();
        if (text === '') return onChange(undefined);
        try {
          onChange(JSON.parse(text));
        } catch {
          e.target.setCustomValidity('Not valid JSON');
          e.target.reportValidity();
        }
      }}
      onInput={(e) => (e.target as HTMLTextAreaElement).setCustomValidity('')}
    />
  );
}
