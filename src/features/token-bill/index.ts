export { TokenBillPanel } from './token-bill-panel';
