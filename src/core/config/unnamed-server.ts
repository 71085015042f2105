import type { Node as JsonNode } from 'jsonc-parser';
import { lastPropertiesOf } from './json-tree';
import { applyPlaceholderDefaults } from './placeholders';
import { URL_KEYS } from './server-fields';

/**
 * A name for a server written without one: its URL's host (`mcp.context7.com`), else the package it
 * runs (`npx -y @upstash/context7-mcp` → `context7-mcp`), else the program, else "server".
 */
export function nameForUnnamedServer(serverNode: JsonNode): string {
  const fields = lastPropertiesOf(serverNode);
  for (const key of URL_KEYS) {
    const value = fields.get(key)?.valueNode?.value;
    if (typeof value !== 'string') continue;
    try {
      return new URL(applyPlaceholderDefaults(value)).hostname || 'server';
    } catch {
      // Not a URL (yet): try the next source of a name.
    }
  }
  const args = fields.get('args')?.valueNode;
  const words =
    args?.type === 'array'
      ? (args.children ?? []).map((item) => item.value).filter((item): item is string => typeof item === 'string')
      : [];
  const packageName = words.find((word) => !word.startsWith('-') && /[a-z]/i.test(word) && !/^https?:/i.test(word));
  if (packageName !== undefined)
    return (
      packageName
        .split('/')
        .pop()
        ?.replace(/@[^@]*$/, '') || packageName
    );
  const command = fields.get('command')?.valueNode?.value;
  if (typeof command === 'string' && command.trim() !== '') return command.split(/[\\/]/).pop() ?? command;
  return 'server';
}
