/** The MCP endpoint URL of a bridge server (the page's routing and the bridge client share it). */
export function bridgeEndpoint(bridgeUrl: string, name: string): string {
  return `${bridgeUrl}/servers/${encodeURIComponent(name)}/mcp`;
}
