/** A failed request as one line for the person: the server's JSON-RPC code, or Glassbox's diagnosis code, with the message. */
export function describeRequestError(error: unknown): { code: string; message: string } {
  const code = typeof error === 'object' && error !== null ? (error as { code?: unknown }).code : undefined;
  const message = error instanceof Error ? error.message : String(error);
  if (typeof code === 'number') return { code: String(code), message };
  if (typeof code === 'string') return { code, message };
  return { code: 'error', message };
}
