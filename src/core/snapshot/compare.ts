/**
 * What changed between two snapshots of a server, and whether it breaks clients: a pure function
 * of the two. Each change has a kind, a JSON Pointer into the snapshot, the value before and after,
 * and one sentence on who it affects; the list is grouped by kind, breaking first.
 */
import { canonicalJson } from '../guard';
import { isPlainObject, jsonEqual } from '../shared/json';
import type { McpSnapshot, SnapshotTool } from './snapshot-types';
import { CHANGE_KINDS, orderChanged, seg, type Add, type ChangeKind, type SnapshotChange } from './change';
import { compareSchema } from './compare-schema';

/** The changes from `a` to `b`, breaking first, then model-visible, compatible, cosmetic (each in the order found). */
export function compareSnapshots(a: McpSnapshot, b: McpSnapshot): SnapshotChange[] {
  const changes: SnapshotChange[] = [];
  const add: Add = (kind, path, before, after, sentence) =>
    changes.push({ kind, path, ...(before !== undefined && { before }), ...(after !== undefined && { after }), sentence });

  if (a.era !== b.era)
    add(
      'breaking',
      '/era',
      a.era,
      b.era,
      `The protocol era changed: every client negotiated for ${a.era ?? 'the old era'} must speak ${b.era ?? 'the new one'}.`,
    );
  else if (a.protocolVersion !== b.protocolVersion)
    add(
      'compatible',
      '/protocolVersion',
      a.protocolVersion,
      b.protocolVersion,
      'The protocol version changed within the same era; clients negotiate it.',
    );
  compareCapabilities(a.capabilities, b.capabilities, add);
  if ((a.instructions ?? '') !== (b.instructions ?? ''))
    add(
      'model-visible',
      '/instructions',
      a.instructions,
      b.instructions,
      'The server instructions changed: clients that pass them to the model will steer it differently.',
    );
  compareTools(a.tools, b.tools, add);
  compareNamed(a.resources, b.resources, 'uri', '/resources', 'resource', add);
  compareNamed(a.resourceTemplates, b.resourceTemplates, 'uriTemplate', '/resourceTemplates', 'resource template', add);
  comparePrompts(a.prompts, b.prompts, add);
  return CHANGE_KINDS.flatMap((kind) => changes.filter((change) => change.kind === kind));
}

/** True when there is a breaking change. */
export function hasBreakingChange(changes: readonly SnapshotChange[]): boolean {
  return changes.some((change) => change.kind === 'breaking');
}

/** How many changes of each kind. */
export function countChanges(changes: readonly SnapshotChange[]): Record<ChangeKind, number> {
  const counts = { breaking: 0, 'model-visible': 0, compatible: 0, cosmetic: 0 };
  for (const change of changes) counts[change.kind] += 1;
  return counts;
}

function compareCapabilities(a: Record<string, unknown>, b: Record<string, unknown>, add: Add): void {
  for (const key of Object.keys(a)) {
    const path = `/capabilities/${seg(key)}`;
    if (!(key in b)) {
      add('breaking', path, a[key], undefined, `The ${key} capability was dropped: clients that use it lose it.`);
      continue;
    }
    const before = a[key];
    const after = b[key];
    if (isPlainObject(before) && isPlainObject(after)) {
      for (const sub of Object.keys(before)) {
        if (before[sub] && !after[sub])
          add(
            'breaking',
            `${path}/${seg(sub)}`,
            before[sub],
            after[sub],
            `${key}.${sub} is no longer declared: clients relying on it (e.g. list-changed notifications) lose it.`,
          );
        else if (!jsonEqual(before[sub], after[sub]))
          add('compatible', `${path}/${seg(sub)}`, before[sub], after[sub], `${key}.${sub} changed.`);
      }
      for (const sub of Object.keys(after))
        if (!(sub in before)) add('compatible', `${path}/${seg(sub)}`, undefined, after[sub], `${key}.${sub} is now declared.`);
    } else if (!jsonEqual(before, after)) add('compatible', path, before, after, `The ${key} capability changed.`);
  }
  for (const key of Object.keys(b))
    if (!(key in a)) add('compatible', `/capabilities/${seg(key)}`, undefined, b[key], `The ${key} capability is new: clients may use it.`);
}

function schemaKey(tool: SnapshotTool): string {
  return canonicalJson({ input: tool.inputSchema, output: tool.outputSchema ?? null });
}

function compareTools(a: readonly SnapshotTool[], b: readonly SnapshotTool[], add: Add): void {
  const before = new Map(a.map((tool) => [tool.name, tool]));
  const after = new Map(b.map((tool) => [tool.name, tool]));
  const removed = a.filter((tool) => !after.has(tool.name));
  const added = b.filter((tool) => !before.has(tool.name));
  const renamedTo = new Map<string, SnapshotTool>();
  for (const old of removed) {
    const match = added.find((tool) => ![...renamedTo.values()].includes(tool) && schemaKey(tool) === schemaKey(old));
    if (match) renamedTo.set(old.name, match);
  }
  for (const old of removed) {
    const path = `/tools/${seg(old.name)}`;
    const renamed = renamedTo.get(old.name);
    if (renamed)
      add(
        'breaking',
        path,
        old.name,
        renamed.name,
        `Tool ${old.name} was renamed ${renamed.name} (same schema): clients and agents that call ${old.name} get an unknown-tool error.`,
      );
    else add('breaking', path, old, undefined, `Tool ${old.name} was removed: clients and agents that call it get an unknown-tool error.`);
  }
  const renamedTargets = new Set([...renamedTo.values()]);
  for (const tool of added)
    if (!renamedTargets.has(tool))
      add(
        'compatible',
        `/tools/${seg(tool.name)}`,
        undefined,
        tool,
        `Tool ${tool.name} was added: existing clients are unaffected; the model may now pick it.`,
      );
  for (const old of a) {
    const next = after.get(old.name);
    if (next) compareTool(old, next, add);
  }
  const common = (list: readonly SnapshotTool[], other: Map<string, SnapshotTool>) =>
    list.map((tool) => tool.name).filter((name) => other.has(name));
  const orderA = common(a, after);
  const orderB = common(b, before);
  if (orderChanged(orderA, orderB))
    add('cosmetic', '/tools', orderA, orderB, 'The tools are listed in another order: nothing changes for clients.');
}

function compareTool(a: SnapshotTool, b: SnapshotTool, add: Add): void {
  const path = `/tools/${seg(a.name)}`;
  const name = a.name;
  for (const field of ['title', 'description'] as const)
    if ((a[field] ?? '') !== (b[field] ?? ''))
      add(
        'model-visible',
        `${path}/${field}`,
        a[field],
        b[field],
        `The ${field} of ${name} changed: the model may now choose or fill it differently.`,
      );
  const annotationsA = (a.annotations ?? {}) as Record<string, unknown>;
  const annotationsB = (b.annotations ?? {}) as Record<string, unknown>;
  for (const key of new Set([...Object.keys(annotationsA), ...Object.keys(annotationsB)]))
    if (!jsonEqual(annotationsA[key], annotationsB[key]))
      add(
        'model-visible',
        `${path}/annotations/${seg(key)}`,
        annotationsA[key],
        annotationsB[key],
        `The ${key} annotation of ${name} changed: clients that ask before calling, and the model, may treat it differently.`,
      );
  compareSchema(a.inputSchema, b.inputSchema, `${path}/inputSchema`, `${name}'s arguments`, 'input', add);
  if (a.outputSchema !== undefined || b.outputSchema !== undefined) {
    if (a.outputSchema === undefined)
      add('compatible', `${path}/outputSchema`, undefined, b.outputSchema, `${name} now declares structured output.`);
    else if (b.outputSchema === undefined)
      add(
        'breaking',
        `${path}/outputSchema`,
        a.outputSchema,
        undefined,
        `${name} no longer declares structured output: clients reading structuredContent lose it.`,
      );
    else compareSchema(a.outputSchema, b.outputSchema, `${path}/outputSchema`, `${name}'s output`, 'output', add);
  }
  const taskA = a.execution?.taskSupport;
  const taskB = b.execution?.taskSupport;
  if (taskA !== taskB)
    add(
      taskB === 'required' ? 'breaking' : 'compatible',
      `${path}/execution/taskSupport`,
      taskA,
      taskB,
      taskB === 'required'
        ? `${name} must now be called as a task: clients that call it directly fail.`
        : `${name}'s task support changed.`,
    );
}

interface Named {
  name: string;
  title?: string;
  description?: string;
  mimeType?: string;
}

function compareNamed<T extends Named>(a: readonly T[], b: readonly T[], id: keyof T & string, base: string, noun: string, add: Add): void {
  const key = (item: T) => String(item[id]);
  const before = new Map(a.map((item) => [key(item), item]));
  const after = new Map(b.map((item) => [key(item), item]));
  const removed = a.filter((item) => !after.has(key(item)));
  const added = b.filter((item) => !before.has(key(item)));
  const renamed = new Set<T>();
  for (const old of removed) {
    const path = `${base}/${seg(key(old))}`;
    const match = added.find((item) => !renamed.has(item) && item.name === old.name && item.mimeType === old.mimeType);
    if (match) {
      renamed.add(match);
      add(
        'breaking',
        path,
        key(old),
        key(match),
        `The ${noun} ${old.name} moved from ${key(old)} to ${key(match)}: clients that read the old address fail.`,
      );
    } else add('breaking', path, old, undefined, `The ${noun} ${key(old)} was removed: clients that read it fail.`);
  }
  for (const item of added)
    if (!renamed.has(item)) add('compatible', `${base}/${seg(key(item))}`, undefined, item, `The ${noun} ${key(item)} was added.`);
  for (const old of a) {
    const next = after.get(key(old));
    if (!next) continue;
    const path = `${base}/${seg(key(old))}`;
    for (const field of ['name', 'title', 'description'] as const)
      if ((old[field] ?? '') !== (next[field] ?? ''))
        add(
          'model-visible',
          `${path}/${field}`,
          old[field],
          next[field],
          `The ${field} of the ${noun} ${key(old)} changed: people and models choosing context see it differently.`,
        );
    if (old.mimeType !== next.mimeType)
      add(
        'breaking',
        `${path}/mimeType`,
        old.mimeType,
        next.mimeType,
        `The media type of the ${noun} ${key(old)} changed: clients that parse it may fail.`,
      );
  }
  const orderA = a.map(key).filter((name) => after.has(name));
  const orderB = b.map(key).filter((name) => before.has(name));
  if (orderChanged(orderA, orderB)) add('cosmetic', base, orderA, orderB, `The ${noun}s are listed in another order.`);
}

type Prompt = McpSnapshot['prompts'][number];

function comparePrompts(a: readonly Prompt[], b: readonly Prompt[], add: Add): void {
  compareNamed(a, b, 'name', '/prompts', 'prompt', add);
  const after = new Map(b.map((prompt) => [prompt.name, prompt]));
  for (const old of a) {
    const next = after.get(old.name);
    if (!next) continue;
    const path = `/prompts/${seg(old.name)}/arguments`;
    const argsB = new Map(next.arguments.map((arg) => [arg.name, arg]));
    const argsA = new Map(old.arguments.map((arg) => [arg.name, arg]));
    for (const arg of old.arguments) {
      const now = argsB.get(arg.name);
      if (!now)
        add(
          'breaking',
          `${path}/${seg(arg.name)}`,
          arg,
          undefined,
          `Argument ${arg.name} of prompt ${old.name} was removed: clients that send it may be rejected.`,
        );
      else {
        if (!arg.required && now.required)
          add(
            'breaking',
            `${path}/${seg(arg.name)}/required`,
            false,
            true,
            `Argument ${arg.name} of prompt ${old.name} is now required: requests without it are rejected.`,
          );
        else if (arg.required && !now.required)
          add(
            'compatible',
            `${path}/${seg(arg.name)}/required`,
            true,
            false,
            `Argument ${arg.name} of prompt ${old.name} is no longer required.`,
          );
        for (const field of ['title', 'description'] as const)
          if ((arg[field] ?? '') !== (now[field] ?? ''))
            add(
              'model-visible',
              `${path}/${seg(arg.name)}/${field}`,
              arg[field],
              now[field],
              `The ${field} of argument ${arg.name} of prompt ${old.name} changed.`,
            );
      }
    }
    for (const arg of next.arguments)
      if (!argsA.has(arg.name))
        add(
          arg.required ? 'breaking' : 'compatible',
          `${path}/${seg(arg.name)}`,
          undefined,
          arg,
          arg.required
            ? `New required argument ${arg.name} in prompt ${old.name}: requests without it are rejected.`
            : `New optional argument ${arg.name} in prompt ${old.name}.`,
        );
  }
}
