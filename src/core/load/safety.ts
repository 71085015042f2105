/**
 * What a person confirms before a probe starts: a host that is not this machine (nor the page's
 * own demo servers) is asked about, with the rate the probe will send at; a tool marked
 * destructive must have its name typed. A probe never starts by itself.
 */
import { inPageDemoServer } from '../config';
import { isLoopbackHost } from '../config/check-server-url';

/** The confirmations a probe needs before it starts. */
export interface ProbeSafety {
  /** The host, when it is not loopback: the person confirms sending to it. */
  remoteHost?: string;
  /** The tool's name, when the tool says it is destructive: the person types it. */
  destructiveTool?: string;
}

/** The confirmations a probe of `url` (calling `tool`, when it does) needs. */
export function probeSafety(url: string, tool?: { name: string; annotations?: { destructiveHint?: boolean } }): ProbeSafety {
  let host: string;
  try {
    host = new URL(url).hostname;
  } catch {
    host = url;
  }
  const local = isLoopbackHost(host) || inPageDemoServer(url) !== undefined;
  return {
    ...(!local && { remoteHost: host }),
    ...(tool?.annotations?.destructiveHint === true && { destructiveTool: tool.name }),
  };
}

/** The sentence the confirmation of a remote host shows: where, how many, how fast. */
export function remoteSentence(host: string, what: { requests?: number; durationMs?: number; concurrency: number; rate?: number }): string {
  const much = what.requests !== undefined ? `${what.requests} requests` : `requests for ${(what.durationMs ?? 0) / 1000} s`;
  const pace = what.rate !== undefined ? `at most ${what.rate} per second` : `as fast as it answers (no rate limit)`;
  return `${host} is not this machine: the probe sends ${much}, ${what.concurrency} at a time, ${pace}. Send them only to a server you run or may load.`;
}
