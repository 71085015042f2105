import { useMemo, useState } from 'react';
import type { McpResourceTemplateInfo } from '../../core/mcp';
import { expandUriTemplate, uriTemplateVariables, UriTemplateError } from '../../core/uri-template';
import { CompletingInput } from './completing-input';
import type { completionQuery } from './server-queries';

/** Props for TemplateForm. */
export interface TemplateFormProps {
  template: McpResourceTemplateInfo;
  /** The completion/complete query for one variable's value, given the others. */
  suggest(variable: string, value: string, context: Record<string, string>): ReturnType<typeof completionQuery>;
  onRead(uri: string): void;
}

/** The variables of a template (or why the template cannot be used). */
function variablesOf(template: string): { variables: string[]; problem?: string } {
  try {
    return { variables: uriTemplateVariables(template) };
  } catch (error) {
    return { variables: [], problem: error instanceof UriTemplateError ? error.message : String(error) };
  }
}

/**
 * A form for a resource template's variables (RFC 6570), each with the server's completions as
 * the person types; reading expands the template into a URI. A variable left empty, or a template
 * the server sent malformed, is said plainly before anything is sent.
 */
export function TemplateForm({ template, suggest, onRead }: TemplateFormProps) {
  const { variables, problem } = useMemo(() => variablesOf(template.uriTemplate), [template.uriTemplate]);
  const [values, setValues] = useState<Record<string, string>>({});
  const [message, setMessage] = useState<string>();
  if (problem)
    return (
      <div className="error-box" role="alert" data-testid="template-error">
        This template cannot be used: {problem}
      </div>
    );
  const read = () => {
    const missing = variables.filter((name) => (values[name] ?? '').trim() === '');
    if (missing.length > 0) {
      setMessage(`Fill in ${missing.join(', ')}: every variable of the template needs a value.`);
      return;
    }
    try {
      setMessage(undefined);
      onRead(expandUriTemplate(template.uriTemplate, values));
    } catch (error) {
      setMessage(error instanceof Error ? error.message : String(error));
    }
  };
  const preview = variables.every((name) => (values[name] ?? '') !== '') ? safeExpand(template.uriTemplate, values) : undefined;
  return (
    <form
      className="contents-form"
      noValidate
      aria-label={`Variables of ${template.uriTemplate}`}
      onSubmit={(event) => {
        event.preventDefault();
        read();
      }}
    >
      {variables.map((name) => (
        <CompletingInput
          key={name}
          label={name}
          required
          testId={`template-var-${name}`}
          value={values[name] ?? ''}
          onChange={(value) => setValues((old) => ({ ...old, [name]: value }))}
          suggest={(value) => suggest(name, value, values)}
        />
      ))}
      {preview && (
        <div className="faint mono" data-testid="template-uri">
          {preview}
        </div>
      )}
      {message && (
        <div className="warn-box" role="alert" data-testid="template-error">
          {message}
        </div>
      )}
      <button type="submit" className="small-button" data-testid="resource-template-read">
        Read
      </button>
    </form>
  );
}

/** The expansion, or nothing when it fails (the Read button says why). */
function safeExpand(template: string, values: Record<string, string>): string | undefined {
  try {
    return expandUriTemplate(template, values);
  } catch {
    return undefined;
  }
}
