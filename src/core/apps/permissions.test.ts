import { describe, expect, it } from 'vitest';
import { frameAllowAttribute, grantedCapability, readPermissionAsk } from './permissions';

describe('view permissions', () => {
  it('splits what a resource asked for into grantable and unknown, in a stable order without repeats', () => {
    expect(readPermissionAsk(['clipboardWrite', 'geolocation', 'usb', 'geolocation', 'usb'])).toEqual({
      grantable: ['geolocation', 'clipboardWrite'],
      unknown: ['usb'],
    });
    expect(readPermissionAsk([])).toEqual({ grantable: [], unknown: [] });
  });

  it('builds the frame allow attribute from the granted permissions only', () => {
    expect(frameAllowAttribute(['camera', 'clipboardWrite'])).toBe('camera; clipboard-write');
    expect(frameAllowAttribute([])).toBe('');
  });

  it('reports what was granted in the host capability shape', () => {
    expect(grantedCapability(['microphone'])).toEqual({ microphone: {} });
    expect(grantedCapability([])).toEqual({});
  });
});
