/**
 * An MCP client transport to one stdio server, in its own process group. It is the SDK's stdio
 * transport (same default environment and `ReadBuffer`/`serializeMessage` framing, from the v2
 * client package) with what its `StdioClientTransport` does not offer: `detached` (a process group
 * the bridge can end whole, grandchildren included), the exit code and signal, and errors that
 * name the program as the file wrote it.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { ReadBuffer, serializeMessage, type JSONRPCMessage, type Transport } from '@modelcontextprotocol/client';
import { getDefaultEnvironment } from '@modelcontextprotocol/client/stdio';
import type { LaunchFields } from './config-entry';
import { endGroup, signalGroup } from './process-group';

/** How long a server gets to exit after its stdin closes, before its group gets SIGTERM, in milliseconds. */
const STDIN_GRACE_MS = 2000;

/** What the slot hears from its child. */
export interface ChildHooks {
  onStderr(text: string): void;
  onExit(code: number | null, signal: string | null): void;
}

export class ChildTransport implements Transport {
  onmessage?: (message: JSONRPCMessage) => void;
  onerror?: (error: Error) => void;
  onclose?: () => void;
  private readonly readBuffer = new ReadBuffer();
  private child: ChildProcess | undefined;
  /** Resolves when the leader has exited. */
  private leaderExited: Promise<void> | undefined;
  /** Resolves when the rest of the group is gone too (or SIGKILLed), after the leader exited. */
  private groupEnded: Promise<void> | undefined;

  /**
   * @param launch what to spawn (placeholders filled)
   * @param shownCommand the program as the file wrote it: what error messages name (a filled path may hold a secret)
   */
  constructor(
    private readonly launch: LaunchFields,
    private readonly shownCommand: string,
    private readonly hooks: ChildHooks,
  ) {}

  /** The child's pid (its process group id), once started. */
  get pid(): number | null {
    return this.child?.pid ?? null;
  }

  /** Spawns the child; resolves once it runs, rejects when it cannot be started (no such program). */
  start(): Promise<void> {
    const { command, args, env, cwd } = this.launch;
    return new Promise((resolve, reject) => {
      const child = spawn(command, args, {
        env: { ...getDefaultEnvironment(), ...env },
        ...(cwd === undefined ? {} : { cwd }),
        stdio: ['pipe', 'pipe', 'pipe'],
        shell: false,
        detached: true,
        windowsHide: true,
      });
      this.child = child;
      this.leaderExited = new Promise((done) => child.once('exit', () => done()));
      child.once('error', (error: NodeJS.ErrnoException) => {
        // The program as written and the errno only: neither the filled path nor the error's own fields (spawnargs, …).
        const failure = new Error(`could not start "${this.shownCommand}": ${error.code ?? 'error'}`);
        reject(failure);
        this.onerror?.(failure);
      });
      child.once('spawn', () => resolve());
      child.once('exit', (code, signal) => {
        // The leader is gone; anything it left in its group goes too, however long it ignores SIGTERM.
        const pid = child.pid;
        this.groupEnded = pid === undefined ? Promise.resolve() : endGroup(pid);
        this.hooks.onExit(code, signal);
      });
      child.once('close', () => this.onclose?.());
      child.stdin?.on('error', (error) => this.onerror?.(error));
      child.stdout?.on('data', (chunk: Buffer) => {
        this.readBuffer.append(chunk);
        for (;;) {
          let message: JSONRPCMessage | null;
          try {
            message = this.readBuffer.readMessage();
          } catch (error) {
            this.onerror?.(error as Error);
            continue;
          }
          if (message === null) break;
          this.onmessage?.(message);
        }
      });
      child.stderr?.setEncoding('utf8');
      child.stderr?.on('data', (text: string) => this.hooks.onStderr(text));
    });
  }

  send(message: JSONRPCMessage): Promise<void> {
    return new Promise((resolve, reject) => {
      const stdin = this.child?.stdin;
      if (stdin == null || stdin.destroyed || this.child?.exitCode !== null) {
        reject(new Error('the server process is not running'));
        return;
      }
      if (stdin.write(serializeMessage(message))) resolve();
      else stdin.once('drain', () => resolve());
    });
  }

  /**
   * Ends the server in the MCP stdio order: its stdin closes (a server that flushes on EOF gets its
   * chance), then SIGTERM to its group, then SIGKILL. Resolves once its whole group is gone.
   */
  async close(): Promise<void> {
    const child = this.child;
    const leaderExited = this.leaderExited;
    if (child === undefined || child.pid === undefined || leaderExited === undefined) return;
    if (child.exitCode === null && child.signalCode === null) {
      child.stdin?.end();
      const timer = new Promise<'late'>((resolve) => setTimeout(() => resolve('late'), STDIN_GRACE_MS).unref());
      if ((await Promise.race([leaderExited, timer])) === 'late') await endGroup(child.pid);
    }
    await leaderExited;
    await this.groupEnded;
    this.readBuffer.clear();
  }

  /** SIGKILLs the group at once, synchronously: for a bridge that is dying. */
  killNow(): void {
    if (this.child?.pid !== undefined) signalGroup(this.child.pid, 'SIGKILL');
  }
}
