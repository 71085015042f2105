/**
 * core/repro: the repro file (a session with the mocks of its servers, no secret in it) and
 * its replay with mocks (docs/repro.md).
 */
export { buildReproFile, parseOpenedFile, reproFileName, serializeReproFile, type ReproMock } from './repro-file';
export { reproMocksOf } from './repro-mocks';
export {
  compareModelRequests,
  conversationModelExchanges,
  describeComparison,
  recordedModelFetch,
  type ModelRequestComparison,
} from './recorded-model';
