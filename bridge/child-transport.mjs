/**
 * An MCP client transport to one stdio server, in its own process group. It is the SDK's stdio
 * transport (same spawn options, default environment and `ReadBuffer`/`serializeMessage` framing)
 * with what the SDK's `StdioClientTransport` does not offer: `detached` (a process group the bridge
 * can end whole, grandchildren included) and the exit code and signal.
 */
import { spawn } from 'node:child_process';
import { getDefaultEnvironment } from '@modelcontextprotocol/sdk/client/stdio.js';
import { ReadBuffer, serializeMessage } from '@modelcontextprotocol/sdk/shared/stdio.js';

/** How long a process group gets after SIGTERM before SIGKILL, in milliseconds. */
export const KILL_GRACE_MS = 2000;

/**
 * Sends a signal to a whole process group; a group that is already gone is fine.
 * @param {number} pid the group leader's pid (= the group id, as it was started detached)
 * @param {NodeJS.Signals} signal
 * @returns {boolean} whether the group still existed
 */
export function signalGroup(pid, signal) {
  try {
    process.kill(-pid, signal);
    return true;
  } catch {
    return false;
  }
}

/** @implements {import('@modelcontextprotocol/sdk/shared/transport.js').Transport} */
export class ChildTransport {
  /**
   * @param {import('./config-entry.ts').LaunchFields} entry what to spawn (placeholders filled)
   * @param {{ onStderr(text: string): void, onExit(code: number | null, signal: string | null): void }} hooks
   */
  constructor(entry, hooks) {
    this.entry = entry;
    this.hooks = hooks;
    this.readBuffer = new ReadBuffer();
    /** @type {import('node:child_process').ChildProcess | undefined} */
    this.child = undefined;
    /** @type {Promise<void> | undefined} */
    this.exited = undefined;
    /** @type {((message: import('@modelcontextprotocol/sdk/types.js').JSONRPCMessage) => void) | undefined} */
    this.onmessage = undefined;
    /** @type {((error: Error) => void) | undefined} */
    this.onerror = undefined;
    /** @type {(() => void) | undefined} */
    this.onclose = undefined;
  }

  /** The child's pid (its process group id), once started. */
  get pid() {
    return this.child?.pid ?? null;
  }

  /** Spawns the child; resolves once it runs, rejects when it cannot be started (no such program). */
  start() {
    const { command, args, env, cwd } = this.entry;
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
      this.exited = new Promise((done) => child.once('close', () => done()));
      child.once('error', (error) => {
        // Only the errno and the program: a spawn error's own fields (spawnargs, …) are not echoed.
        const failure = new Error(`could not start "${command}": ${/** @type {NodeJS.ErrnoException} */ (error).code ?? error.message}`);
        reject(failure);
        this.onerror?.(failure);
      });
      child.once('spawn', () => resolve(undefined));
      child.once('exit', (code, signal) => {
        // The leader is gone; anything it left in its group goes too.
        const pid = child.pid;
        if (pid !== undefined && signalGroup(pid, 'SIGTERM')) {
          const timer = setTimeout(() => signalGroup(pid, 'SIGKILL'), KILL_GRACE_MS).unref();
          child.once('close', () => clearTimeout(timer));
        }
        this.hooks.onExit(code, signal);
      });
      child.once('close', () => this.onclose?.());
      child.stdin?.on('error', (error) => this.onerror?.(error));
      child.stdout?.on('data', (chunk) => {
        this.readBuffer.append(chunk);
        for (;;) {
          let message;
          try {
            message = this.readBuffer.readMessage();
          } catch (error) {
            this.onerror?.(/** @type {Error} */ (error));
            continue;
          }
          if (message === null) break;
          this.onmessage?.(message);
        }
      });
      child.stderr?.setEncoding('utf8');
      child.stderr?.on('data', (text) => this.hooks.onStderr(text));
    });
  }

  /** @param {import('@modelcontextprotocol/sdk/types.js').JSONRPCMessage} message */
  send(message) {
    return new Promise((resolve, reject) => {
      const stdin = this.child?.stdin;
      if (stdin == null || stdin.destroyed || this.child?.exitCode !== null) {
        reject(new Error('the server process is not running'));
        return;
      }
      if (stdin.write(serializeMessage(message))) resolve(undefined);
      else stdin.once('drain', () => resolve(undefined));
    });
  }

  /** Ends the process group: SIGTERM, then SIGKILL after the grace period; resolves once the child is gone. */
  async close() {
    const child = this.child;
    if (child === undefined || child.pid === undefined || this.exited === undefined) return;
    if (child.exitCode === null && child.signalCode === null) {
      signalGroup(child.pid, 'SIGTERM');
      const timer = setTimeout(() => child.pid !== undefined && signalGroup(child.pid, 'SIGKILL'), KILL_GRACE_MS);
      await this.exited;
      clearTimeout(timer);
    } else {
      await this.exited;
    }
    this.readBuffer.clear();
  }
}
