/** The scripted demo model: a wire format answered in the page by a script (not an AI). */
export { demoProvider, demoDialectOf, DEMO_BASE_URLS } from './demo-provider';
export { demoModelFetch, DEMO_MODEL_HOST } from './demo-fetch';
export { playDemoScript, isDemoScenario, findTool, DEMO_SCENARIO_MESSAGE, DEMO_HONEST_ANSWER, type DemoMove } from './demo-script';
export { readDemoRequest, type DemoDialect, type DemoEvent, type DemoRequest } from './read-demo-request';
