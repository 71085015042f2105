import { describe, expect, it } from 'vitest';
import { explainLocalNetworkAccess } from './local-network-access';
import { queryLocalNetworkPermission } from './local-network-permission';

const BRIDGE = 'http://127.0.0.1:4810';

describe('local network access', () => {
  it('is explained for a public page reaching a loopback bridge, unless granted', () => {
    expect(explainLocalNetworkAccess('https://glassbox.example', BRIDGE, undefined)?.title).toMatch(/asking for local network access/);
    expect(explainLocalNetworkAccess('https://glassbox.example', BRIDGE, 'denied')?.detail).toMatch(/Local network access to Allow/);
    expect(explainLocalNetworkAccess('https://glassbox.example', BRIDGE, 'granted')).toBeUndefined();
  });

  it('is not the reason for a page on loopback', () => {
    expect(explainLocalNetworkAccess('http://127.0.0.1:5173', BRIDGE, undefined)).toBeUndefined();
    expect(explainLocalNetworkAccess('http://localhost:5173', BRIDGE, 'denied')).toBeUndefined();
  });

  it('asks the browser where it knows the permission, and says nothing where it throws', async () => {
    const names: string[] = [];
    const knows = { query: async ({ name }: PermissionDescriptor) => (names.push(name), { state: 'denied' }) as PermissionStatus };
    expect(await queryLocalNetworkPermission(knows)).toBe('denied');
    expect(names).toEqual(['local-network-access']);
    const unknown = { query: async () => Promise.reject(new TypeError('not a valid PermissionName')) };
    expect(await queryLocalNetworkPermission(unknown)).toBeUndefined();
    expect(await queryLocalNetworkPermission(undefined)).toBeUndefined();
  });
});
