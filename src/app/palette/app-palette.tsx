import { appCommands, type AppCommandDeps } from './app-commands';
import { CommandPalette } from './command-palette';

/** The palette with the app's commands: one module, loaded the first time the palette opens (app/lazy-panels.tsx). */
export function AppPalette({ onClose, ...deps }: AppCommandDeps & { onClose: () => void }) {
  return <CommandPalette commands={appCommands(deps)} onClose={onClose} />;
}
