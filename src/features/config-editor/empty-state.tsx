const SAMPLE = `{
  "mcpServers": {
    "weather": {
      "url": "https://example.com/mcp",
      "headers": { "Authorization": "Bearer \${input:token}" }
    }
  }
}`;

/** Shown when the mcp.json is empty: a way to start from the demo servers, and what such a file looks like. */
export function EmptyState({ onUseDemo }: { onUseDemo: () => void }) {
  return (
    <section className="config-empty" aria-label="Empty mcp.json" data-testid="config-empty">
      <p className="config-empty-actions">
        <strong>No servers yet.</strong>
        <button type="button" className="button primary" onClick={onUseDemo} data-testid="config-use-demo">
          Use the demo servers
        </button>
        <span>or paste your mcp.json below.</span>
      </p>
      <p>
        An mcp.json names MCP servers and gives each one a <code>url</code>. Glassbox connects to them from this page with streamable HTTP,
        so the servers must allow CORS. Claude Desktop&apos;s and Cursor&apos;s <code>mcpServers</code> and VS Code&apos;s{' '}
        <code>servers</code> both work; <code>{'${input:…}'}</code> placeholders are asked for, never stored.
      </p>
      <pre className="config-empty-sample" aria-label="An example mcp.json">
        {SAMPLE}
      </pre>
    </section>
  );
}
