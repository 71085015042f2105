/** The demo's names that the page's first screen shows or builds URLs from (the scripted model itself loads on its first request). */

/** The host the demo's URLs name: `.invalid` can never resolve, so nothing pretends to be remote. */
export const DEMO_MODEL_HOST = 'demo-model.invalid';

/** The message that plays the scene. */
export const DEMO_SCENARIO_MESSAGE = "What's the weather in Paris, and add a reminder to take an umbrella";
