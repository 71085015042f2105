/** The MCP endpoint URL of a bridge server: where the page's routing sends its entry (route-servers.ts). */
export function bridgeEndpoint(bridgeUrl: string, name: string): string {
  return `${bridgeUrl}/servers/${encodeURIComponent(name)}/mcp`;
}
