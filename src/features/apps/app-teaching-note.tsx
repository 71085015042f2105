/** What an MCP App is, and why its view runs the way it does here; with what this one declared. */
export function AppTeachingNote({
  declared,
  granted,
  origin,
}: {
  declared: {
    connectDomains: readonly string[];
    resourceDomains: readonly string[];
    permissions: readonly string[];
    refused: readonly string[];
  };
  granted: readonly string[];
  origin: string;
}) {
  const list = (items: readonly string[]) => (items.length > 0 ? items.join(', ') : 'none');
  return (
    <details className="app-teaching-note" data-testid="app-teaching-note">
      <summary>What is an MCP App, and why is it boxed in like this?</summary>
      <p>
        An MCP App is an interactive view a server attaches to a tool (<code>_meta.ui.resourceUri</code>, a <code>ui://</code> resource of
        type
        <code> text/html;profile=mcp-app</code>). Glassbox read that HTML with <code>resources/read</code> (on the MCP wire) and runs it
        here. The view talks to Glassbox only through <code>postMessage</code> (JSON-RPC, every message on the App bridge wire): it gets the
        tool's input and result, and may ask to call its server's tools, send a chat message, give the model context or open a link — each
        one a request you can see, and the ones that act need your policy or your click.
      </p>
      <p>
        The server's HTML is untrusted, so the frame is sandboxed:{' '}
        {origin === 'opaque' ? (
          <>
            <code>allow-scripts</code> only, no <code>allow-same-origin</code>, so it runs with an opaque origin
          </>
        ) : (
          <>
            on the separate origin {origin} that this deployment names (<code>allow-same-origin</code> there gives it that origin, never
            Glassbox's)
          </>
        )}{' '}
        and cannot read Glassbox's storage, cookies, keys or page, nor navigate this tab. A Content-Security-Policy built from what the
        resource declares comes first in its document: it may connect only to {list(declared.connectDomains)}, and load scripts, styles and
        images only inline or from {list(declared.resourceDomains)}; anything else is blocked and reported here.
      </p>
      {declared.permissions.length > 0 && (
        <p>
          It asks for browser permissions ({declared.permissions.join(', ')}). Glassbox grants none by itself: only those you grant go into
          the frame's <code>allow</code> attribute ({granted.length > 0 ? `now: ${granted.join(', ')}` : 'now: none'}), for this view's
          document only.
        </p>
      )}
      {declared.refused.length > 0 && (
        <ul className="warn-box">
          {declared.refused.map((item) => (
            <li key={item}>{item}</li>
          ))}
        </ul>
      )}
    </details>
  );
}
