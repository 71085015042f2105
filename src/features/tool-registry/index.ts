/** The tool registry panel (what the model sees, and what may run) and the local reminders panel. */
export { ToolRegistryPanel } from './tool-registry-panel';
export type { ToolRegistryPanelProps } from './tool-registry-panel';
export { RemindersPanel } from './reminders-panel';
export type { ReminderControls, RemindersPanelProps } from './reminders-panel';
export type { PolicyControls } from './policy-select';
export {
  collisionNotes,
  countWarnings,
  describeRenameReason,
  groupTools,
  hintBadges,
  LOCAL_GROUP_LABEL,
  renameInfo,
  toToolRow,
  type HintBadge,
  type RenameInfo,
  type RenameReason,
  type ToolGroup,
  type ToolRow,
  type WarningCounts,
} from './group-tools';
