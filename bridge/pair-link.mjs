/** The pair link the bridge prints: `<app>#bridge=<base64url(JSON {"v":1,"url","token"})>`. */

/**
 * @param {string} app the Glassbox page (the `--app` URL)
 * @param {string} url the bridge's base URL
 * @param {string} token the bridge's token
 * @returns {string}
 */
export function pairUrl(app, url, token) {
  const link = new URL(app);
  link.hash = `bridge=${Buffer.from(JSON.stringify({ v: 1, url, token })).toString('base64url')}`;
  return link.href;
}
