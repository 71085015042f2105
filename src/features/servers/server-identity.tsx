import { EscapedText } from '../../ui/escaped-text';
import './server-identity.css';
import type { McpIcon, ServerState } from '../../core/mcp';

/**
 * A server's or tool's icon: only URLs core kept (https, or an inline image), drawn small, sent
 * with no referrer; an icon that fails to load hides itself rather than showing a broken image.
 */
export function McpIconView({ icons, testId }: { icons: readonly McpIcon[] | undefined; testId?: string }) {
  const icon = icons?.[0];
  if (!icon) return null;
  return (
    <img
      className="mcp-icon"
      src={icon.src}
      alt=""
      width={16}
      height={16}
      referrerPolicy="no-referrer"
      loading="lazy"
      data-testid={testId}
      onError={(event) => (event.currentTarget.style.visibility = 'hidden')}
    />
  );
}

/** The protocol badge: 2025 or 2026 era with the negotiated version, or the 2024 HTTP+SSE transport. */
export function EraBadge({ server }: { server: ServerState }) {
  if (!server.era) return null;
  if (server.transport === 'sse') {
    return (
      <span
        className="badge info"
        data-testid={`era-${server.name}`}
        title="The 2024-11-05 HTTP+SSE transport: a GET event stream carries every answer; messages are POSTed to the endpoint it named"
      >
        2024 SSE · {server.protocolVersion}
      </span>
    );
  }
  return (
    <span
      className="badge info"
      data-testid={`era-${server.name}`}
      title={server.era === 'legacy' ? '2025 era: initialize handshake, sessions' : '2026-07-28 era: stateless, server/discover'}
    >
      {server.era === 'legacy' ? '2025' : '2026'} · {server.protocolVersion}
    </span>
  );
}

/** What the server told clients about itself (its `instructions`), as inert text, folded by default. */
export function ServerInstructionsView({ server }: { server: ServerState }) {
  if (!server.instructions) return null;
  return (
    <details className="server-instructions" data-testid={`instructions-${server.name}`}>
      <summary>Instructions from the server (also sent to the model, marked as this server&apos;s text)</summary>
      <pre className="instructions">
        <EscapedText text={server.instructions} />
      </pre>
    </details>
  );
}
