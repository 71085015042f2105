/** Offers base64 content (a resource's blob) or text as a file download, decoded only when asked. */
export function downloadContent(filename: string, content: { text?: string; blob?: string }, mimeType: string): void {
  const data = content.blob !== undefined ? Uint8Array.from(atob(content.blob), (char) => char.charCodeAt(0)) : content.text ?? '';
  const url = URL.createObjectURL(new Blob([data], { type: mimeType }));
  const link = document.createElement('a');
  link.href = url;
  link.download = filename;
  link.rel = 'noopener';
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

/** A file name for a resource URI (its last path segment, or "resource"). */
export function fileNameOf(uri: string): string {
  const last = uri.split(/[/?#]/).filter((segment) => segment !== '').at(-1) ?? 'resource';
  return decodeURIComponent(last).replace(/[^\w.-]+/g, '_').slice(0, 80) || 'resource';
}
