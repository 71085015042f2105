/**
 * An opened tool under its server's card: problems, description, schemas and the form that calls
 * it by hand. A module of its own, loaded when a tool is first opened (the first screen
 * only lists tools, so schema forms and output checks stay out of the page's first chunk).
 */
import type { ReactNode } from 'react';
import type { McpToolInfo } from '../../core/mcp';
import { EscapedText } from '../../ui/escaped-text';
import { JsonView } from '../../ui/json-view';
import { ToolCallForm } from './tool-call-form';
import type { CallProgress } from './tool-call-form';

/** The detail of `tool` of `serverName`; `run` calls a tool of that server by name. */
export function ToolDetail({
  tool,
  serverName,
  run,
  inbox,
}: {
  tool: McpToolInfo;
  serverName: string;
  run: (tool: string, args: Record<string, unknown>, signal: AbortSignal, onProgress: (progress: CallProgress) => void) => Promise<unknown>;
  inbox?: ((since: number) => ReactNode) | undefined;
}) {
  return (
    <div className="tool-detail">
      {tool.problems && (
        <ul className="warn-box" aria-label="Problems with this tool">
          {tool.problems.map((problem) => (
            <li key={problem}>{problem}</li>
          ))}
        </ul>
      )}
      {tool.description && (
        <pre className="tool-description">
          <EscapedText text={tool.description} />
        </pre>
      )}
      <details>
        <summary>Input schema</summary>
        <JsonView value={tool.inputSchema} openDepth={4} label="Input schema" />
      </details>
      {tool.outputSchema && (
        <details>
          <summary>Output schema</summary>
          <JsonView value={tool.outputSchema} openDepth={4} label="Output schema" />
        </details>
      )}
      <ToolCallForm
        tool={tool}
        server={serverName}
        run={(args, signal, onProgress) => run(tool.name, args, signal, onProgress)}
        inbox={inbox}
      />
    </div>
  );
}
