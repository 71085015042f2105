/** Builds and downloads the session file of what is shown (see core/persistence session-file). */
import type { AgentSessionData, ReplayData } from '../../core/agent';
import { buildSessionFile, serializeSessionFile, sessionFileName, type BuildSessionFileInput } from '../../core/persistence';
import type { TrafficSnapshot } from '../../core/traffic';
import type { ToolPin } from '../../core/tools';
import { downloadText } from '../../ui/download';

/** Where an export's contents come from. */
export interface ExportSource {
  /** The config text as the person has it (its secrets are stripped in the file). */
  configText: string;
  conversation: AgentSessionData;
  traffic: TrafficSnapshot;
  appVersion: string;
  /** The tool definitions the person allowed (PolicyStore's `pins`). */
  toolPins?: readonly ToolPin[];
  /** The replays of the conversation's turns (`ReplayStore.exportData`). */
  replays?: ReplayData;
  /** A last guard that replaces any known secret (e.g. `SecretRegistry.redact`). */
  redact?(text: string): string;
  /** The known secret values (`SecretRegistry.values`): the mocks of a repro are scanned for them. */
  secrets?: readonly string[];
}

/** Downloads `glassbox-session-<date>.json`; returns the warnings (e.g. a config left out) and the file name. */
export function downloadSessionFile(source: ExportSource, now = Date.now()): { fileName: string; warnings: string[] } {
  const { file, warnings } = buildSessionFile(sessionFileInput(source, now));
  const fileName = sessionFileName(now);
  downloadText(fileName, serializeSessionFile(file, source.redact), 'application/json');
  return { fileName, warnings };
}

/** What the session file is built from: the shown session (the repro's session part is the same). */
export function sessionFileInput(source: ExportSource, now: number): BuildSessionFileInput {
  return {
    configText: source.configText,
    conversation: source.conversation,
    traffic: source.traffic,
    appVersion: source.appVersion,
    now,
    ...(source.toolPins ? { toolPins: source.toolPins } : {}),
    ...(source.replays ? { replays: source.replays } : {}),
  };
}
