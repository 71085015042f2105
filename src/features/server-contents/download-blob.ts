import { downloadBlob } from '../../ui/download';

/** Offers base64 content (a resource's blob) or text as a file download, decoded only when asked. */
export function downloadContent(filename: string, content: { text?: string; blob?: string }, mimeType: string): void {
  const data = content.blob !== undefined ? Uint8Array.from(atob(content.blob), (char) => char.charCodeAt(0)) : (content.text ?? '');
  downloadBlob(filename, new Blob([data], { type: mimeType }));
}

/** A file name for a resource URI (its last path segment, or "resource"). */
export function fileNameOf(uri: string): string {
  const last =
    uri
      .split(/[/?#]/)
      .filter((segment) => segment !== '')
      .at(-1) ?? 'resource';
  return (
    decodeURIComponent(last)
      .replace(/[^\w.-]+/g, '_')
      .slice(0, 80) || 'resource'
  );
}
