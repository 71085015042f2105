/**
 * Security: the tool guard's findings on everything the server tells the model, and (headless
 * only) DNS-rebinding protection: a loopback server must refuse a foreign Host and Origin, or any
 * web page the person opens can reach it through a rebound DNS name.
 */
import { scanServer, type GuardFinding } from '../guard';
import type { Observation } from './observe';
import { finding, show, spec } from './rules';
import type { CheckFinding, ConfigNeighbour } from './types';

const category = 'security' as const;

type Item = Record<string, unknown>;
const str = (value: unknown): string | undefined => (typeof value === 'string' ? value : undefined);

/** The guard's findings, one check finding each. */
export function guardChecks(
  seen: Observation,
  server: string,
  instructions: string | undefined,
  neighbours: readonly ConfigNeighbour[] = [],
): CheckFinding[] {
  if (!seen.era) return [];
  const tools = (seen.lists.tools?.items ?? []).map((tool: Item) => ({
    name: String(tool.name),
    ...(str(tool.title) !== undefined ? { title: str(tool.title)! } : {}),
    ...(str(tool.description) !== undefined ? { description: str(tool.description)! } : {}),
    inputSchema: tool.inputSchema,
    ...(tool.annotations && typeof tool.annotations === 'object' ? { annotations: tool.annotations as Record<string, unknown> } : {}),
  }));
  const prompts = (seen.lists.prompts?.items ?? []).map((prompt: Item) => ({
    name: String(prompt.name),
    ...(str(prompt.description) !== undefined ? { description: str(prompt.description)! } : {}),
  }));
  const resources = (seen.lists.resources?.items ?? []).map((resource: Item) => ({
    uri: String(resource.uri),
    name: String(resource.name ?? resource.uri),
    ...(str(resource.description) !== undefined ? { description: str(resource.description)! } : {}),
  }));
  const others = neighbours.flatMap((neighbour) => neighbour.tools.map((tool) => ({ server: neighbour.server, name: tool.name })));
  const found: GuardFinding[] = scanServer(
    { server, ...(instructions !== undefined ? { instructions } : {}), tools, prompts, resources },
    others,
  );
  const exchangeId = seen.lists.tools?.pages[0]?.exchangeId;
  const rule = spec(seen.era, 'basic/security_best_practices', 'security best practices');
  if (found.length === 0)
    return [
      finding({
        id: 'security.guard',
        severity: 'pass',
        category,
        title: "The tool guard found nothing in the server's text",
        expected: 'no hidden characters, text aimed at the model, shadowing or outsized text',
        actual: 'none found',
        rule,
        exchangeIds: [exchangeId],
      }),
    ];
  return found.map((entry) =>
    finding({
      id: `security.guard.${entry.kind}`,
      subject: `${entry.subject.name} ${entry.field}`,
      severity: 'warn',
      category,
      title: `${entry.subject.type} ${entry.subject.name}: ${entry.reason.split(/[.:]/)[0]}`,
      expected: 'text that describes, without steering the model or hiding characters',
      actual: `${entry.field}: …${show(entry.before, 40)}[${show(entry.excerpt, 60)}]${show(entry.after, 40)}…`,
      rule,
      fix: 'Remove the flagged text; descriptions should say what a tool does, not instruct the model.',
      exchangeIds: [exchangeId],
    }),
  );
}

/** Headless only: DNS-rebinding protection of a loopback server. */
export function rebindingChecks(seen: Observation): CheckFinding[] {
  const answer = seen.rebinding;
  if (!answer) return [];
  const accepted = answer.status >= 200 && answer.status < 300;
  return [
    finding({
      id: 'security.dns-rebinding',
      severity: accepted ? 'fail' : answer.status === 0 ? 'info' : 'pass',
      category,
      title: accepted ? 'The loopback server accepts a foreign Host and Origin' : 'The loopback server refuses a foreign Host and Origin',
      expected: 'HTTP 403 (or another 4xx) for Host: evil.example and Origin: http://evil.example',
      actual: answer.error ? `no answer (${answer.error})` : `HTTP ${answer.status}${answer.body ? `: ${show(answer.body, 100)}` : ''}`,
      rule: spec(seen.era, 'basic/security_best_practices#local-mcp-server-compromise', 'local MCP server compromise (DNS rebinding)'),
      fix: 'Check the Host and Origin headers of every request and answer 403 to any that is not localhost (the SDKs have an option for it).',
      exchangeIds: [],
      nodeOnly: true,
    }),
  ];
}
