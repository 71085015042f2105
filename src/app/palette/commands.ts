/** A command of the palette. */
export interface Command {
  /** Stable id (also the option's test id: `command-<id>`). */
  id: string;
  /** What it does, as the list shows it. */
  title: string;
  /** Its group: "Go to", "Server", "Tool", "Wire format", "Traffic", "Help"… */
  group: string;
  run(): void;
}

/**
 * The commands matching `query`: every word of the query must appear in the command's group or
 * title (any case, any order); titles that start with the query come first, then the list's order.
 */
export function matchCommands(commands: readonly Command[], query: string): Command[] {
  const words = query
    .toLowerCase()
    .split(/\s+/)
    .filter((word) => word !== '');
  if (words.length === 0) return [...commands];
  const text = (command: Command) => `${command.group} ${command.title}`.toLowerCase();
  const matching = commands.filter((command) => words.every((word) => text(command).includes(word)));
  const head = query.trim().toLowerCase();
  return [
    ...matching.filter((c) => c.title.toLowerCase().startsWith(head)),
    ...matching.filter((c) => !c.title.toLowerCase().startsWith(head)),
  ];
}
