/**
 * Where the bridge runs: macOS, Linux and the BSDs. On Windows it refuses to start, because it ends
 * each server with its whole process group (a signal to `-pid`, so grandchildren such as what `npx`
 * starts go too), which Windows does not have; it is not tested there either.
 */

/** The sentence the bridge stops with on a platform it does not run on, or `undefined` where it runs. */
export function unsupportedPlatform(platform: NodeJS.Platform = process.platform): string | undefined {
  if (platform !== 'win32') return undefined;
  return 'glassbox-bridge does not run on Windows: it ends each server with its process group (POSIX signals), which Windows does not have. Run it in WSL, or on macOS or Linux.';
}
