/** Offer a text file for download (no server involved). */
export function downloadText(filename: string, text: string, mimeType = 'application/json'): void {
  downloadBlob(filename, new Blob([text], { type: mimeType }));
}

/** Offer any content (a Blob) for download (no server involved). */
export function downloadBlob(filename: string, blob: Blob): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = filename;
  link.rel = 'noopener';
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}
