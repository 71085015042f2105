import { useId, useState } from 'react';
import { PROVIDER_IDS, PROVIDERS, type ProviderId } from '../../core/providers';
import type { RegisteredTool } from '../../core/tools';
import { JsonView } from '../../ui/json-view';

/**
 * A tool's schema as each provider will receive it, one tab per provider (the current one
 * first selected), with every warning for that provider listed under it, never folded away.
 */
export function ProviderSchemaView({ tool, provider }: { tool: RegisteredTool; provider: ProviderId }) {
  // Follows the top bar's provider until the person picks a tab here.
  const [picked, setPicked] = useState<ProviderId>();
  const shown = picked ?? provider;
  const result = tool.providerSchemas[shown];
  const strictNote = PROVIDERS[shown].schema.strictNote;
  const baseId = useId();
  return (
    <div className="registry-schema" data-testid="registry-schema">
      <div className="tabs registry-schema-tabs" role="tablist" aria-label={`Schema of ${tool.publicName} per provider`}>
        {PROVIDER_IDS.map((name) => (
          <button
            key={name}
            type="button"
            role="tab"
            id={`${baseId}-${name}-tab`}
            aria-controls={`${baseId}-${name}-panel`}
            aria-selected={name === shown}
            className="tab"
            data-testid={`schema-tab-${name}`}
            onClick={() => setPicked(name)}
          >
            {PROVIDERS[name].schema.label}
            {name === provider && <span className="registry-current"> · current</span>}
            {countOf(tool, name) > 0 && <span className="registry-tab-count"> ({countOf(tool, name)})</span>}
          </button>
        ))}
      </div>
      <div role="tabpanel" id={`${baseId}-${shown}-panel`} aria-labelledby={`${baseId}-${shown}-tab`} data-provider={shown}>
        <WarningList tool={tool} provider={shown} />
        {strictNote !== undefined && <p className="registry-strict faint">{strictNote(result.strictCompatible)}</p>}
        <JsonView key={shown} value={result.schema} openDepth={4} label={`${PROVIDERS[shown].schema.label} of ${tool.publicName}`} />
      </div>
      <details className="registry-published">
        <summary>As the server published it (arguments are validated against this)</summary>
        {tool.inputSchema === undefined ? (
          <p className="faint">The server sent no inputSchema.</p>
        ) : (
          <JsonView value={tool.inputSchema} openDepth={4} label={`Published inputSchema of ${tool.publicName}`} />
        )}
      </details>
    </div>
  );
}

function countOf(tool: RegisteredTool, provider: ProviderId): number {
  return tool.providerSchemas[provider].warnings.length;
}

function WarningList({ tool, provider }: { tool: RegisteredTool; provider: ProviderId }) {
  const warnings = tool.providerSchemas[provider].warnings;
  if (warnings.length === 0) {
    return (
      <p className="registry-no-warnings faint" data-testid="schema-warnings" data-count={0}>
        No warnings for {PROVIDERS[provider].label}: nothing was changed and nothing will be ignored.
      </p>
    );
  }
  return (
    <ul
      className="registry-warnings"
      data-testid="schema-warnings"
      data-count={warnings.length}
      aria-label={`Schema warnings for ${provider}`}
    >
      {warnings.map((warning, index) => (
        <li
          key={`${warning.path}-${index}`}
          className={`registry-warning level-${warning.level}`}
          data-testid="schema-warning"
          data-level={warning.level}
        >
          <span className={`badge ${warning.level === 'warning' ? 'warn' : 'info'}`}>{warning.level}</span>
          <code className="registry-warning-path">{warning.path}</code>
          <span className="registry-warning-message">{warning.message}</span>
        </li>
      ))}
    </ul>
  );
}
