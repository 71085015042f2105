/**
 * Ending a child's process group, grandchildren included (what `npx` or a shell wrapper leaves
 * behind). SIGTERM first, then SIGKILL once the grace period is over, unless the group is empty by
 * then: a member that ignores SIGTERM is killed even when its leader has long exited.
 */

/** How long a process group gets after SIGTERM before SIGKILL, in milliseconds. */
const KILL_GRACE_MS = 2000;
/** How often an ending group is looked at, in milliseconds. */
const POLL_MS = 50;

/** Groups being ended right now: a bridge that dies SIGKILLs them at once (`killEndingGroups`). */
const ending = new Set<number>();

/** Sends a signal to a whole process group; returns whether the group still existed. */
export function signalGroup(pid: number, signal: NodeJS.Signals | 0): boolean {
  try {
    process.kill(-pid, signal);
    return true;
  } catch {
    return false;
  }
}

/**
 * Ends the group led by `pid` (its id, as the child was started detached): SIGTERM, then SIGKILL
 * after `graceMs` if any member is left. Resolves once the group is empty or has been SIGKILLed.
 */
export async function endGroup(pid: number, graceMs = KILL_GRACE_MS): Promise<void> {
  if (!signalGroup(pid, 'SIGTERM')) return;
  ending.add(pid);
  try {
    const deadline = Date.now() + graceMs;
    while (signalGroup(pid, 0)) {
      if (Date.now() >= deadline) {
        signalGroup(pid, 'SIGKILL');
        return;
      }
      await new Promise((resolve) => setTimeout(resolve, POLL_MS).unref());
    }
  } finally {
    ending.delete(pid);
  }
}

/** SIGKILLs every group still being ended, synchronously: for a bridge that is dying. */
export function killEndingGroups(): void {
  for (const pid of ending) signalGroup(pid, 'SIGKILL');
}
