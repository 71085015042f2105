/**
 * The MCP Apps capability: declares the `io.modelcontextprotocol/ui` extension with its MIME type,
 * and reads a view's ui:// resource (`resources/read`, on the wire like every other request).
 */
import type { ReadResourceResult } from '@modelcontextprotocol/client';
import type { CapabilityHost, CapabilityModule } from './capability';
import { APP_MIME_TYPE, APPS_EXTENSION_ID } from './apps-meta';

/** The apps capability of one connection. */
export class AppsCapability implements CapabilityModule {
  readonly name = 'apps';

  constructor(private readonly host: CapabilityHost) {}

  /** Tells the server this client can show views of type text/html;profile=mcp-app. */
  clientOptions() {
    return { capabilities: { extensions: { [APPS_EXTENSION_ID]: { mimeTypes: [APP_MIME_TYPE] } } } };
  }

  /** Reads a resource for a view: its ui:// HTML, or what the view itself asks to read. */
  read(uri: string, options: { signal?: AbortSignal; toolCallId?: string } = {}): Promise<ReadResourceResult> {
    return this.host.request(
      {
        methods: ['resources/read'],
        ...(options.signal ? { signal: options.signal } : {}),
        ...(options.toolCallId ? { toolCallId: options.toolCallId } : {}),
      },
      (client, call) => client.readResource({ uri }, { signal: call.controller.signal, timeout: this.host.timeoutMs() }),
    );
  }
}
