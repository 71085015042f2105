/** Cleans a base URL typed by a person. */

/** Trims spaces and trailing slashes; an empty result means "use the default". */
export function normalizeBaseUrl(baseUrl: string, defaultBaseUrl: string): string {
  const trimmed = baseUrl.trim().replace(/\/+$/, '');
  return trimmed === '' ? defaultBaseUrl : trimmed;
}
