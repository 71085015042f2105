/** The servers panel: state, era, session, diagnosis and tools of every configured server. */
export { ServersPanel } from './servers-panel';
