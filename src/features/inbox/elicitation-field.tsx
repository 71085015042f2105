import type { ElicitationField, FieldValue } from '../../core/elicitation';

/** The input type a string format gets (date-time stays text: the browser's picker drops the offset the spec needs). */
function inputType(format: string | undefined): string {
  if (format === 'email') return 'email';
  if (format === 'uri') return 'url';
  if (format === 'date') return 'date';
  return 'text';
}

/** The hint under a field: its bounds and format, as the schema gave them. */
function hint(field: ElicitationField): string | undefined {
  const parts: string[] = [];
  if (field.kind === 'text') {
    if (field.format === 'date-time') parts.push('date and time, e.g. 2026-07-28T14:30:00Z');
    else if (field.format) parts.push(field.format);
    if (field.minLength !== undefined) parts.push(`at least ${field.minLength} characters`);
    if (field.maxLength !== undefined) parts.push(`at most ${field.maxLength} characters`);
  }
  if (field.kind === 'number') {
    parts.push(field.integer ? 'a whole number' : 'a number');
    if (field.minimum !== undefined) parts.push(`from ${field.minimum}`);
    if (field.maximum !== undefined) parts.push(`up to ${field.maximum}`);
  }
  if (field.kind === 'multi-choice') {
    if (field.minItems !== undefined) parts.push(`pick at least ${field.minItems}`);
    if (field.maxItems !== undefined) parts.push(`pick at most ${field.maxItems}`);
  }
  return parts.length > 0 ? parts.join(', ') : undefined;
}

/** The control of one field (its test id is `elicitation-field-<name>`). */
function Control({
  field,
  value,
  onChange,
  id,
  describedBy,
  invalid,
}: {
  field: ElicitationField;
  value: FieldValue;
  onChange(value: FieldValue): void;
  id: string;
  describedBy?: string;
  invalid: boolean;
}) {
  const testId = `elicitation-field-${field.name}`;
  const common = {
    id,
    'data-testid': testId,
    'aria-describedby': describedBy,
    'aria-invalid': invalid || undefined,
    'aria-required': field.required || undefined,
  };
  switch (field.kind) {
    case 'text':
      return (
        <input
          {...common}
          type={inputType(field.format)}
          value={typeof value === 'string' ? value : ''}
          onChange={(event) => onChange(event.target.value)}
        />
      );
    case 'number':
      return (
        <input
          {...common}
          type="number"
          step={field.integer ? 1 : 'any'}
          min={field.minimum}
          max={field.maximum}
          value={value === undefined ? '' : String(value)}
          onChange={(event) => onChange(event.target.value === '' ? undefined : event.target.value)}
        />
      );
    case 'boolean':
      return <input {...common} type="checkbox" checked={value === true} onChange={(event) => onChange(event.target.checked)} />;
    case 'choice':
      return (
        <select
          {...common}
          value={typeof value === 'string' ? value : ''}
          onChange={(event) => onChange(event.target.value === '' ? undefined : event.target.value)}
        >
          <option value="">(choose)</option>
          {field.options.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </select>
      );
    case 'multi-choice': {
      const chosen = Array.isArray(value) ? value : [];
      return (
        <span {...common} role="group" className="inbox-choices" aria-labelledby={`${id}-label`}>
          {field.options.map((option) => (
            <label key={option.value}>
              <input
                type="checkbox"
                checked={chosen.includes(option.value)}
                onChange={(event) =>
                  onChange(event.target.checked ? [...chosen, option.value] : chosen.filter((entry) => entry !== option.value))
                }
              />{' '}
              {option.label}
            </label>
          ))}
        </span>
      );
    }
  }
}

/** One labelled field of an elicitation form: required marked, its hint, and its problems beside it. */
export function ElicitationFieldView({
  field,
  value,
  onChange,
  messages,
  formId,
}: {
  field: ElicitationField;
  value: FieldValue;
  onChange(value: FieldValue): void;
  messages: readonly string[];
  formId: string;
}) {
  const id = `${formId}-${field.name}`;
  const note = hint(field);
  const describedBy =
    [note ? `${id}-hint` : '', messages.length > 0 ? `${id}-error` : '', field.description ? `${id}-description` : '']
      .filter(Boolean)
      .join(' ') || undefined;
  return (
    <div className="inbox-field">
      <label htmlFor={id} id={`${id}-label`}>
        {field.label}
        {field.required && (
          <span className="required-mark" aria-hidden="true">
            {' '}
            *
          </span>
        )}
      </label>
      <Control field={field} value={value} onChange={onChange} id={id} describedBy={describedBy} invalid={messages.length > 0} />
      {field.description && (
        <span id={`${id}-description`} className="faint">
          {field.description}
        </span>
      )}
      {note && (
        <span id={`${id}-hint`} className="faint">
          {note}
        </span>
      )}
      {messages.length > 0 && (
        <span id={`${id}-error`} className="field-error">
          {messages.join(' ')}
        </span>
      )}
    </div>
  );
}
