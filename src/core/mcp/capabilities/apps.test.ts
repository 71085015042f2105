import { describe, expect, it } from 'vitest';
import { mergeClientOptions } from '../mcp-session';
import { AppsCapability } from './apps';
import { isAppOnly, readResourceUi, readToolUi } from './apps-meta';
import type { CapabilityHost, CapabilityModule } from './capability';

const host = {} as CapabilityHost;

describe('the MCP Apps capability', () => {
  it('declares the extension with its MIME type, beside what other capabilities declare', () => {
    const other: CapabilityModule = { name: 'other', clientOptions: () => ({ capabilities: { sampling: {}, extensions: { 'x/y': {} } } }) };
    const options = mergeClientOptions([other, new AppsCapability(host)]);
    expect(options.capabilities).toEqual({
      sampling: {},
      extensions: { 'x/y': {}, 'io.modelcontextprotocol/ui': { mimeTypes: ['text/html;profile=mcp-app'] } },
    });
  });

  it('reads _meta.ui of a tool: its view and who may call it', () => {
    expect(readToolUi({ name: 't', _meta: { ui: { resourceUri: 'ui://a/view.html' } } })).toEqual({
      resourceUri: 'ui://a/view.html',
      visibility: ['model', 'app'],
    });
    expect(readToolUi({ name: 't', _meta: { 'ui/resourceUri': 'ui://old/view.html' } }).resourceUri).toBe('ui://old/view.html');
    expect(readToolUi({ name: 't', _meta: { ui: { resourceUri: 'https://evil.example/x' } } }).resourceUri).toBeUndefined();
    expect(isAppOnly({ _meta: { ui: { visibility: ['app'] } } })).toBe(true);
    expect(isAppOnly({ _meta: { ui: { visibility: ['model', 'app'] } } })).toBe(false);
    expect(isAppOnly({ name: 'plain' })).toBe(false);
  });

  it('reads _meta.ui of a resource: CSP domains, permissions, border and domain, dropping what is not text', () => {
    const ui = readResourceUi({
      uri: 'ui://a',
      _meta: {
        ui: {
          csp: { connectDomains: ['https://api.example.com', 7], resourceDomains: ['https://cdn.example.com'] },
          permissions: { camera: {}, microphone: false },
          prefersBorder: true,
          domain: 'a.example.com',
        },
      },
    });
    expect(ui).toEqual({
      csp: {
        connectDomains: ['https://api.example.com'],
        resourceDomains: ['https://cdn.example.com'],
        frameDomains: [],
        baseUriDomains: [],
      },
      permissions: ['camera'],
      prefersBorder: true,
      domain: 'a.example.com',
    });
    expect(readResourceUi('nonsense')).toEqual({
      csp: { connectDomains: [], resourceDomains: [], frameDomains: [], baseUriDomains: [] },
      permissions: [],
    });
  });
});
