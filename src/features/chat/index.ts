/** The conversation: model settings for the top bar, the chat panel, and the turn timeline. */
export { ChatPanel } from './chat-panel';
export { ModelSettingsBar } from './model-settings-bar';
export { TurnTimeline } from './turn-timeline';
export { preloadChatViews } from './chat-views';
