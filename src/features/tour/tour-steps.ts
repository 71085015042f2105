/**
 * The guided tour's steps as plain data: the seed's scene ("What's the weather in Paris, and add
 * a reminder to take an umbrella") walked panel by panel, each step quoting the teaching notes
 * the panels themselves show, so the tour and the trace never tell two stories. Pure: no React.
 */
import { DEMO_SCENARIO_MESSAGE, PROVIDERS } from '../../core/providers';
import { teachingNoteFor } from '../../core/traffic';

/** One step of the tour. */
export interface TourStep {
  id: string;
  title: string;
  /** Paragraphs of plain text. */
  body: string[];
  /** CSS selector of the panel the step talks about; it is outlined, never covered. */
  target: string;
}

/** The steps, in order. */
export const TOUR_STEPS: readonly TourStep[] = [
  {
    id: 'scene',
    title: 'One scene, both wires',
    body: [
      `Choose the format "${PROVIDERS.demo.label}" above, then send: "${DEMO_SCENARIO_MESSAGE}".`,
      'The demo is a script in this page, not an AI: it answers the real requests Glassbox builds, in the Anthropic Messages or OpenAI Chat shape (pick it under "Demo speaks"). Switch to a real model at any time; the conversation stays.',
    ],
    target: '[data-testid="model-settings"]',
  },
  {
    id: 'initialize',
    title: 'initialize: what the two sides agree on',
    body: [teachingNoteFor('initialize', 'request'), teachingNoteFor('initialize', 'response')],
    target: '[data-testid="mcp-traffic"]',
  },
  {
    id: 'tools-list',
    title: 'tools/list becomes the model’s tool definitions',
    body: [
      teachingNoteFor('tools/list', 'response'),
      'Glassbox makes a stand-in for each tool, named <server>_<tool> (weather_get_forecast), and sends its inputSchema as the model’s input_schema (Anthropic) or parameters (OpenAI). The Tool registry tab shows each conversion; add_reminder is a local tool of Glassbox itself.',
    ],
    target: '[data-testid="servers-panel"]',
  },
  {
    id: 'model-request',
    title: 'The model request',
    body: [PROVIDERS.anthropic.notes.request, 'Click a request row on the model wire to see the exact JSON that was sent.'],
    target: '[data-testid="model-traffic"]',
  },
  {
    id: 'tool-call',
    title: 'The tool call, on both wires',
    body: [
      'The reply asks for weather_get_forecast: a tool_use block (Anthropic) or tool_calls (OpenAI) on the model wire. You approve it in the chat; then the MCP client sends tools/call to the weather server.',
      teachingNoteFor('tools/call', 'request'),
      'add_reminder runs in the page: it is a local call, so it shows in the chat and on the model wire but sends nothing on the MCP wire.',
    ],
    target: '[data-testid="mcp-traffic"]',
  },
  {
    id: 'result',
    title: 'The result goes back, in the next request',
    body: [
      teachingNoteFor('tools/call', 'response'),
      PROVIDERS.anthropic.notes.response,
      'The next request resends the whole history with the tool result in it; the model (here, the script) reads the forecast from it and answers.',
    ],
    target: '[data-testid="model-traffic"]',
  },
];

/** The step after `index`, or undefined when the tour ends. */
export function nextStep(index: number): number | undefined {
  return index + 1 < TOUR_STEPS.length ? index + 1 : undefined;
}

/** Which side of the window the card goes to, away from the target's centre so it does not hide it. */
export function cardSide(target: { left: number; width: number } | undefined, windowWidth: number): 'left' | 'right' {
  if (target === undefined) return 'right';
  return target.left + target.width / 2 > windowWidth / 2 ? 'left' : 'right';
}
