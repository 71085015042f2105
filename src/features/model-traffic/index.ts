/** The model wire panel: every request to the model and its response, as exact JSON. */
export { ModelTrafficPanel, preloadModelList } from './model-traffic-panel';
export type { ModelTrafficLinks, ModelTrafficPanelProps } from './model-traffic-panel';
export type { ModelRequestSource } from './rebuild-request';
export type { TurnStep } from './model-rows';
export type { RequestFocus } from './model-list';
export type { SendFork } from './fork-editor';
