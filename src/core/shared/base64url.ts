/** base64url (RFC 4648 §5) without padding, the one codec of core: JWTs, PKCE state, share and pair links. */

/** Bytes as base64url, unpadded. */
export function encodeBase64Url(bytes: Uint8Array): string {
  let binary = '';
  // Chunks keep String.fromCharCode's argument list short for large inputs (a whole config).
  for (let i = 0; i < bytes.length; i += 0x8000) binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

/** UTF-8 text as base64url, unpadded. */
export function encodeBase64UrlText(text: string): string {
  return encodeBase64Url(new TextEncoder().encode(text));
}

/** base64url (padded or not) as bytes, or null when it is not base64url. */
export function decodeBase64Url(payload: string): Uint8Array | null {
  const standard = payload.replace(/-/g, '+').replace(/_/g, '/').replace(/=+$/, '');
  if (!/^[A-Za-z0-9+/]*$/.test(standard) || standard.length % 4 === 1) return null;
  try {
    const binary = atob(standard + '='.repeat((4 - (standard.length % 4)) % 4));
    return Uint8Array.from(binary, (character) => character.charCodeAt(0));
  } catch {
    return null;
  }
}

/** base64url of UTF-8 text as that text, or null when it is not base64url or not UTF-8. */
export function decodeBase64UrlText(payload: string): string | null {
  const bytes = decodeBase64Url(payload);
  if (bytes === null) return null;
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    return null;
  }
}
