/**
 * core/repro: the repro file (a session with the mocks of its servers, no secret in it) and
 * its replay with mocks (docs/repro.md).
 */
export {
  buildReproFile,
  parseOpenedFile,
  REPRO_FILE_FORMAT,
  reproFileName,
  serializeReproFile,
  type OpenedFile,
  type ReproFile,
  type ReproMock,
} from './repro-file';
export { reproMocksOf, type UnmockedServer } from './repro-mocks';
export {
  compareModelRequests,
  conversationModelExchanges,
  describeComparison,
  recordedModelFetch,
  type ModelRequestComparison,
  type ModelRequestDifference,
} from './recorded-model';
