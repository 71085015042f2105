import type { Services } from '../../core/composition';
import { PROVIDER_IDS, PROVIDERS } from '../../core/providers';
import { MCP_WIRE_TAB_NAMES, MODEL_WIRE_TAB_NAMES, SERVER_TAB_NAMES } from '../area-tabs';
import type { ShellState } from '../layout/use-shell';
import type { Command } from './commands';

/** What the app's commands act on. */
export interface AppCommandDeps {
  services: Services;
  shell: ShellState;
  startTour(): void;
  toggleTheme(): void;
  /** Opens a server's check. */
  checkServer?(server: string): void;
  /** Opens Make a mock (of a server, or of any server of a recording). */
  makeMock?(server?: string): void;
}

/**
 * Clicks a control the panels own (by test id) once it is on screen. The palette reuses the
 * panels' own buttons for what they already do well (a format switch keeps each format's key;
 * HAR export names and redacts the file), so that logic stays in one place.
 */
function clickWhenShown(testId: string, tries = 10): void {
  const control = document.querySelector<HTMLElement>(`[data-testid="${testId}"]`);
  if (control !== null && control.offsetParent !== null) control.click();
  else if (tries > 0) requestAnimationFrame(() => clickWhenShown(testId, tries - 1));
}

/** Picks `value` in a select the panels own, through its own change handler. */
function chooseInSelect(testId: string, value: string): void {
  const select = document.querySelector<HTMLSelectElement>(`select[data-testid="${testId}"]`);
  if (select === null) return;
  select.value = value;
  select.dispatchEvent(new Event('change', { bubbles: true }));
}

/** Every command of the palette, from the app's current state. */
export function appCommands({ services, shell, startTour, toggleTheme, checkServer, makeMock }: AppCommandDeps): Command[] {
  const commands: Command[] = [
    { id: 'go-left', group: 'Go to', title: 'Config and servers', run: () => shell.reveal('left') },
    { id: 'go-chat', group: 'Go to', title: 'Chat', run: () => shell.reveal('chat') },
    ...[...MCP_WIRE_TAB_NAMES, ...MODEL_WIRE_TAB_NAMES, ...SERVER_TAB_NAMES].map((tab) => ({
      id: `go-${tab.id}`,
      group: 'Go to',
      title: tab.label,
      run: () => shell.reveal(tab.id),
    })),
  ];
  const { servers } = services.connections.getSnapshot();
  for (const server of servers) {
    const connected = server.status === 'connected' || server.status === 'connecting';
    commands.push(
      connected
        ? {
            id: `disconnect-${server.name}`,
            group: 'Server',
            title: `Disconnect ${server.name}`,
            run: () => void services.connections.disconnect(server.name),
          }
        : {
            id: `connect-${server.name}`,
            group: 'Server',
            title: `Connect ${server.name}`,
            run: () => void services.connections.reconnect(server.name),
          },
    );
    if (checkServer && server.status === 'connected' && server.url !== undefined)
      commands.push({
        id: `check-${server.name}`,
        group: 'Server',
        title: `Check server ${server.name}`,
        run: () => checkServer(server.name),
      });
    if (makeMock && server.status === 'connected')
      commands.push({
        id: `mock-create-${server.name}`,
        group: 'Server',
        title: `Make a mock of ${server.name}`,
        run: () => makeMock(server.name),
      });
  }
  if (makeMock)
    commands.push({
      id: 'mock-create',
      group: 'Server',
      title: 'Make a mock from this session, a session file or a HAR…',
      run: () => makeMock(),
    });
  for (const server of servers) {
    for (const tool of server.tools) {
      commands.push({
        id: `tool-${server.name}-${tool.name}`,
        group: 'Tool',
        title: `Call ${tool.name} on ${server.name}`,
        run: () => {
          shell.reveal('servers');
          // Opens the tool's form in its server card (the card's own button), then moves focus there.
          const open = () => {
            const button = document.querySelector<HTMLElement>(`[data-testid="tool-${server.name}-${tool.name}"]`);
            if (button === null) return;
            if (button.getAttribute('aria-expanded') !== 'true') button.click();
            button.focus();
          };
          requestAnimationFrame(() => requestAnimationFrame(open));
        },
      });
    }
  }
  const { provider } = services.session.getSnapshot().settings;
  for (const id of PROVIDER_IDS) {
    if (id !== provider)
      commands.push({
        id: `format-${id}`,
        group: 'Wire format',
        title: `Switch to ${PROVIDERS[id].label}`,
        run: () => chooseInSelect('provider-select', id),
      });
  }
  commands.push(
    { id: 'clear-traffic', group: 'Traffic', title: 'Clear traffic (both wires)', run: () => services.log.clear() },
    {
      id: 'export-mcp-har',
      group: 'Traffic',
      title: 'Export the MCP wire as HAR',
      run: () => {
        shell.reveal('mcp');
        clickWhenShown('traffic-export-har');
      },
    },
    {
      id: 'export-model-har',
      group: 'Traffic',
      title: 'Export the model wire as HAR',
      run: () => {
        shell.reveal('model');
        clickWhenShown('model-export-har');
      },
    },
    { id: 'tour', group: 'Help', title: 'Start the tour', run: startTour },
    { id: 'theme', group: 'View', title: 'Switch light / dark theme', run: toggleTheme },
  );
  return commands;
}
