import { useState } from 'react';
import { LOG_LEVELS } from '../../core/mcp';
import type { ConnectionManager, LogLevel, ServerState } from '../../core/mcp';

/**
 * The level asked of one server: `logging/setLevel` in the 2025 era (visible on the MCP wire), the
 * `_meta` of every later request in the 2026 era. Shown for servers that declare logging.
 */
export function LogLevelSelect({ server, manager }: { server: ServerState; manager: ConnectionManager }) {
  const [problem, setProblem] = useState<string>();
  const change = (level: LogLevel) => {
    setProblem(undefined);
    manager
      .get(server.name)
      ?.logging.setLevel(level)
      .catch((error: unknown) => setProblem(error instanceof Error ? error.message : String(error)));
  };
  return (
    <label className="log-level-select">
      <span>{server.name}</span>
      <select
        data-testid={`log-level-${server.name}`}
        aria-label={`Log level asked of ${server.name}`}
        value={server.logLevel ?? ''}
        onChange={(event) => change(event.target.value as LogLevel)}
        title={server.era === 'modern' ? 'Sent in the _meta of every request (2026-07-28)' : 'Sent as logging/setLevel (2025)'}
      >
        <option value="" disabled>
          server default
        </option>
        {LOG_LEVELS.map((level) => (
          <option key={level} value={level}>
            {level}
          </option>
        ))}
      </select>
      {problem && (
        <span className="field-error" role="alert">
          {problem}
        </span>
      )}
    </label>
  );
}
