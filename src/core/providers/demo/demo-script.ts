/**
 * The scripted demo model's one scene, from the seed: "What's the weather in Paris, and add a
 * reminder to take an umbrella". Read from the request alone (no memory between requests, like
 * a real model): ask the weather server's `get_forecast`, then the local `add_reminder`, then
 * answer with the forecast text the tool result carried. Anything else gets an honest answer.
 * Pure: the same request always gives the same move.
 */
import { DEMO_SCENARIO_MESSAGE } from './demo-constants';
import type { DemoEvent, DemoRequest } from './read-demo-request';

/** What the script answers: some text, and maybe one tool call. */
export interface DemoMove {
  text: string;
  toolCall?: { name: string; input: Record<string, unknown> };
}

/** The answer to anything outside the scene. */
export const DEMO_HONEST_ANSWER =
  `I am a script, not an AI: I can only play one scene, "${DEMO_SCENARIO_MESSAGE}". ` +
  'For anything else, choose a real model in the top bar (the conversation so far is kept).';

/** The remote name of the weather server's tool and the local tool's name. */
const FORECAST_TOOL = 'get_forecast';
const REMINDER_TOOL = 'add_reminder';

/** The reminder the scene saves. */
const REMINDER_INPUT = { text: 'Take an umbrella', when: 'tomorrow morning' };

/** True for a message that asks for the scene: the weather in Paris. */
function isDemoScenario(text: string): boolean {
  return /\bweather\b/i.test(text) && /\bparis\b/i.test(text);
}

/**
 * The offered tool that stands for `remoteName`: the registry names a remote tool
 * `<server>_<tool>` (cleaned, maybe with a suffix), so the exact name or one ending in
 * `_<tool>` (optionally followed by `_2`, `_3`…) is it.
 */
export function findTool(tools: readonly string[], remoteName: string): string | undefined {
  const pattern = new RegExp(`(^|_)${remoteName}(_\\d+)?$`);
  return tools.find((name) => name === remoteName) ?? tools.find((name) => pattern.test(name));
}

/** The call to `publicName` made after the scene's message, with its result if one came back. */
function findCall(events: readonly DemoEvent[], publicName: string) {
  const call = events.find((event): event is Extract<DemoEvent, { kind: 'call' }> => event.kind === 'call' && event.name === publicName);
  if (call === undefined) return undefined;
  const result = events.find((event): event is Extract<DemoEvent, { kind: 'result' }> => event.kind === 'result' && event.id === call.id);
  return { call, result };
}

/** What the script says to a request: see the file comment. */
export function playDemoScript(request: DemoRequest): DemoMove {
  const lastUser = request.events.map((event) => event.kind).lastIndexOf('user');
  const message = lastUser >= 0 ? (request.events[lastUser] as { text: string }).text : '';
  if (!isDemoScenario(message)) return { text: DEMO_HONEST_ANSWER };
  const since = request.events.slice(lastUser + 1);

  const forecastTool = findTool(request.tools, FORECAST_TOOL);
  const forecast = forecastTool === undefined ? undefined : findCall(since, forecastTool);
  if (forecast === undefined) {
    if (forecastTool === undefined) {
      return {
        text:
          `I am a script: this request offers no ${FORECAST_TOOL} tool, so I cannot ask for the forecast. ` +
          'Connect the weather server (see the servers panel) and send the message again.',
      };
    }
    return { text: 'I will ask the weather server for the forecast in Paris.', toolCall: { name: forecastTool, input: { city: 'Paris' } } };
  }
  if (forecast.result === undefined) return { text: `I am a script: the ${forecastTool} call has no result in this request.` };

  const reminderTool = findTool(request.tools, REMINDER_TOOL);
  const reminder = reminderTool === undefined ? undefined : findCall(since, reminderTool);
  if (reminder === undefined && reminderTool !== undefined) {
    return { text: 'Now the reminder to take an umbrella.', toolCall: { name: reminderTool, input: { ...REMINDER_INPUT } } };
  }
  return { text: finalAnswer(forecast.result, reminder?.result) };
}

/** The last answer: the forecast text from the tool result, and what became of the reminder. */
function finalAnswer(forecast: { text: string; isError: boolean }, reminder: { text: string; isError: boolean } | undefined): string {
  const weather = forecast.isError
    ? `The weather server could not give the forecast: ${forecast.text}`
    : `Here is what the weather server said about Paris:\n${forecast.text}`;
  let note: string;
  if (reminder === undefined) note = `No ${REMINDER_TOOL} tool was offered, so I could not save the reminder.`;
  else if (reminder.isError) note = `The reminder was not saved: ${reminder.text}`;
  else note = `I saved the reminder "${REMINDER_INPUT.text}" for ${REMINDER_INPUT.when}.`;
  return `${weather}\n\n${note}\n\n(This answer comes from a script that copies the tool results; a real model would read and summarise them.)`;
}
