/** The model wire panel: every request to the model and its response, as exact JSON. */
export { ModelTrafficPanel, preloadModelList } from './model-traffic-panel';
export type { RequestFocus } from './model-list';
