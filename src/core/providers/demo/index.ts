/** The scripted demo model: a wire format answered in the page by a script (not an AI). */
export { DEMO_SCENARIO_MESSAGE } from './demo-constants';
// The scripted model itself (demo-fetch.ts, demo-script.ts) is not offered here: it loads on first use.
