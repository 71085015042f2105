/** The MCP column's tabs: the wire itself, and the servers' log messages read from it. */
export type McpTab = 'wire' | 'logs';

/** The tab strip in the MCP column's header. */
export function McpPanelTabs({ value, onChange }: { value: McpTab; onChange: (tab: McpTab) => void }) {
  return (
    <div className="tabs" role="tablist" aria-label="MCP column">
      {(['wire', 'logs'] as const).map((tab) => (
        <button key={tab} type="button" role="tab" className="tab" aria-selected={value === tab} data-testid={`mcp-tab-${tab}`} onClick={() => onChange(tab)}>
          {tab === 'wire' ? 'MCP wire' : 'Logs'}
        </button>
      ))}
    </div>
  );
}
