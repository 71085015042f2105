/** A connected server's load probe (loaded on demand, with its plotting library, when the probe opens). */
export { LoadProbePanel } from './load-probe-panel';
