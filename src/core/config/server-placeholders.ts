import type { Node as JsonNode } from 'jsonc-parser';
import type { ConfigInput } from './config-types';
import { findPlaceholders, parsePlaceholder } from './placeholders';
import type { ProblemList } from './problem-list';

/** A text of a server that may hold placeholders (its url, a header), with the node to mark. */
export interface PlaceholderSource {
  text: string;
  node: JsonNode | undefined;
}

/** What the placeholders of one server come to: those to ask for, and the `${VAR:-default}` variables to offer as inputs. */
export interface ServerPlaceholders {
  placeholders: string[];
  defaults: ConfigInput[];
}

/**
 * Collects a server's placeholders. `${input:id}`, `${env:X}`, `${X}` and `$X` must be asked for,
 * never sent literally; `${X:-default}` is not asked for: its default is used (as Claude Code does
 * when X is not set) and X is offered as an input. An `${input:id}` that `inputs` lacks is reported.
 */
export function collectPlaceholders(
  sources: readonly PlaceholderSource[],
  inputIds: ReadonlySet<string>,
  problems: ProblemList,
): ServerPlaceholders {
  const placeholders: string[] = [];
  const defaults: ConfigInput[] = [];
  for (const source of sources) {
    for (const raw of findPlaceholders(source.text)) {
      const placeholder = parsePlaceholder(raw);
      if (placeholder.default !== undefined) {
        if (!defaults.some((input) => input.id === placeholder.name)) {
          defaults.push({
            id: placeholder.name,
            description: `Environment variable ${placeholder.name}`,
            password: false,
            default: placeholder.default,
            source: 'env',
          });
        }
        if (source.node !== undefined) {
          problems.addAtNode(
            'placeholder-default',
            'info',
            source.node,
            `${placeholder.name} is not set in a browser, so Glassbox uses the default ${JSON.stringify(placeholder.default)}; ${placeholder.name} is offered as an input`,
          );
        }
        continue;
      }
      if (!placeholders.includes(raw)) placeholders.push(raw);
      if (placeholder.kind === 'input' && !inputIds.has(placeholder.name) && source.node !== undefined) {
        problems.addAtNode(
          'unknown-input',
          'warning',
          source.node,
          `${raw} refers to an input "${placeholder.name}" that "inputs" does not declare: Glassbox will still ask for it`,
        );
      }
    }
  }
  return { placeholders, defaults };
}
