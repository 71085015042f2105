/** The scripted demo model: a wire format answered in the page by a script (not an AI). */
export { demoProvider, demoDialectOf, DEMO_BASE_URLS } from './demo-provider';
export { DEMO_MODEL_HOST, DEMO_SCENARIO_MESSAGE } from './demo-constants';
// The scripted model itself (demo-fetch.ts, demo-script.ts) is not offered here: it loads on first use.
export type { DemoMove } from './demo-script';
export type { DemoDialect, DemoEvent, DemoRequest } from './read-demo-request';
