/**
 * A model request body split into what a diff between two requests of a turn compares: the
 * conversation entries (messages or input items), the system prompt, the tool list and the other
 * settings. Each wire says where those live in its body (its WireSummary's `requestShape`).
 */
import { isPlainObject } from '../shared/json';

/** Where one wire keeps the parts of its request body. */
export interface RequestShape {
  /** The top-level key of the conversation entries (`messages`, `input`). */
  entriesKey: string;
  /** Top-level keys that hold the system prompt (`system`, `instructions`); none for Chat Completions. */
  systemKeys: readonly string[];
  /** Roles of entries that are system text rather than conversation (`system`, `developer`). */
  systemRoles: readonly string[];
}

/** One tool definition as a request carries it. */
interface RequestTool {
  name: string;
  /** Its definition as JSON text. */
  json: string;
}

/** The parts of one request body. */
export interface RequestParts {
  entries: readonly unknown[];
  /** The system prompt as JSON text (the system keys and system-role entries together); '' when none. */
  system: string;
  tools: readonly RequestTool[];
  /** Every other top-level field, as JSON text by key. */
  settings: Readonly<Record<string, string>>;
}

/** JSON text of a part. One adapter builds every request of a turn, so its key order is stable. */
function json(value: unknown): string {
  return JSON.stringify(value) ?? 'null';
}

/** A tool's name in any of the three wire formats (`name`, or `function.name` in Chat Completions). */
function toolName(tool: unknown, index: number): string {
  if (!isPlainObject(tool)) return `#${index}`;
  if (typeof tool['name'] === 'string') return tool['name'];
  const fn = tool['function'];
  if (isPlainObject(fn) && typeof fn['name'] === 'string') return fn['name'];
  return typeof tool['type'] === 'string' ? `${tool['type']} #${index}` : `#${index}`;
}

/** Splits a request body by its wire's shape. */
export function splitRequest(body: Record<string, unknown>, shape: RequestShape): RequestParts {
  const raw = body[shape.entriesKey];
  const all: unknown[] = Array.isArray(raw) ? raw : raw === undefined ? [] : [raw];
  const isSystem = (entry: unknown) =>
    isPlainObject(entry) && typeof entry['role'] === 'string' && shape.systemRoles.includes(entry['role']);
  const system = [...shape.systemKeys.map((key) => body[key]).filter((value) => value !== undefined), ...all.filter(isSystem)];
  const tools = Array.isArray(body['tools']) ? body['tools'].map((tool, index) => ({ name: toolName(tool, index), json: json(tool) })) : [];
  const settings: Record<string, string> = {};
  for (const [key, value] of Object.entries(body)) {
    if (key === shape.entriesKey || key === 'tools' || shape.systemKeys.includes(key)) continue;
    settings[key] = json(value);
  }
  return { entries: all.filter((entry) => !isSystem(entry)), system: system.length === 0 ? '' : json(system), tools, settings };
}
