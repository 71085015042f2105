/**
 * The views not needed for the first screen, each loaded the first time it is shown: the
 * servers area's other tabs, the wires' other tabs, the cards that answer a server's requests,
 * a server's contents, the command palette, the tour and the auth debugger. The page's first
 * chunk then holds only what the first screen draws (the bench budgets JavaScript before first paint); a view's
 * file arrives in the moment between a click and its first paint.
 */
import { lazyNamed } from '../ui/lazy-named';
import type { Preloadable } from '../ui/lazy-named';

/** The tool registry tab. */
export const ToolRegistryPanel = lazyNamed(() => import('../features/tool-registry'), 'ToolRegistryPanel');
/** The reminders tab. */
export const RemindersPanel = lazyNamed(() => import('../features/tool-registry'), 'RemindersPanel');
/** The roots and sampling tab. */
export const RootsEditor = lazyNamed(() => import('../features/inbox'), 'RootsEditor');
/** The cards that answer a server's sampling and elicitation requests (shown when one arrives). */
export const InboxCards = lazyNamed(() => import('../features/inbox'), 'InboxCards');
/** The tasks tab. */
export const TasksPanel = lazyNamed(() => import('../features/tasks'), 'TasksPanel');
/** The token bill tab. */
export const TokenBillPanel = lazyNamed(() => import('../features/token-bill'), 'TokenBillPanel');
/** The logs tab of the MCP wire area. */
export const LogView = lazyNamed(() => import('../features/logs'), 'LogView');
/** A connected server's resources and prompts (under its card, when opened), with the page's QueryClient (react-query loads with it). */
export const ServerContents = lazyNamed(() => import('./server-state'), 'ServerContentsWithState');
/** The command palette (Ctrl/⌘-K) with the app's commands. */
export const AppPalette = lazyNamed(() => import('./palette/app-palette'), 'AppPalette');
/** The guided tour (a first visit, or when asked for). */
export const GuidedTour = lazyNamed(() => import('../features/tour/guided-tour'), 'GuidedTour');
/** The App bridge tab of the MCP wire area. */
export const ViewWirePanel = lazyNamed(() => import('../features/apps/view-wire-panel'), 'ViewWirePanel');
/** The Evals tab: eval files run across targets. */
export const EvalsPanel = lazyNamed(() => import('../features/evals'), 'EvalsPanel');
/** The paired bridge's notice over the servers, and the process section of each of its servers' cards (see WhenBridge in areas.tsx). */
export const BridgeStatusNotice = lazyNamed(() => import('../features/bridge'), 'BridgeStatusNotice');
export const BridgeProcessSection = lazyNamed(() => import('../features/bridge'), 'BridgeProcessSection');
/** The banner over an imported session shown read-only (what it is, and the way back). */
export const ReadOnlyBanner = lazyNamed(() => import('../features/session/readonly-banner'), 'ReadOnlyBanner');
/** The auth debugger (a server's sign-in steps). */
export const AuthDebugger = lazyNamed(() => import('../features/auth'), 'AuthDebugger');
/** A server's check: its report, findings and exports. */
export const ServerReport = lazyNamed(() => import('../features/server-check'), 'ServerReport');
/** Compare servers: two servers or snapshots side by side, replay on B, evals on both. */
export const DiffScreen = lazyNamed(() => import('../features/server-diff'), 'DiffScreen');
/** The OpenTelemetry settings (endpoint, collector headers, propagation); the trace export loads the SDK itself. */
export const OtelSettingsDialog = lazyNamed(() => import('../features/otel'), 'OtelSettingsDialog');
/** A mock card's line: whose recording, when, and its misses. */
export const MockCardLine = lazyNamed(() => import('./mock-panels'), 'MockCardLine');
/** The Make a mock dialog. */
export const MockCreate = lazyNamed(() => import('./mock-panels'), 'MockCreate');
/** A server's load probe (with its plotting library): loaded only when a probe opens, so not preloaded. */
export const LoadProbePanel = lazyNamed(() => import('../features/load-probe'), 'LoadProbePanel');

/** Every view above, fetched once the page is idle after the first screen: a first click then shows it at once. */
export const IDLE_PRELOADS: readonly Preloadable[] = [
  ToolRegistryPanel,
  RemindersPanel,
  RootsEditor,
  InboxCards,
  TasksPanel,
  TokenBillPanel,
  LogView,
  ServerContents,
  AppPalette,
  GuidedTour,
  AuthDebugger,
  ViewWirePanel,
  EvalsPanel,
  ReadOnlyBanner,
  ServerReport,
  DiffScreen,
];
