/**
 * Mocks made from a recording. A mock (`*.mcp-mock.json`) is one server as the traffic log saw it:
 * identity, era, capabilities and the recorded request/answer pairs with what the server sent on
 * its own around them, with no secret in it. Pure TypeScript: the page's Service Worker, the
 * headless `npm run mock` and the tests serve the same handler.
 *
 * - `listRecordedServers(recording)`, `mockFromRecording(recording, { server, secrets })`: make one;
 *   `recordingFromHar(text)` reads a HAR Glassbox exported as a recording.
 * - `writeMock` / `parseMock` (MockFileError with a JSON Pointer): the file boundary; `mockFileName`.
 * - `MockResponder`: the JSON-RPC level (request in, recorded messages out, misses counted);
 *   `createMockHttpHandler(mock)`: the same over streamable HTTP on web Request/Response.
 * The page address a mock is served at (`mockUrl`, `mockLabelOfUrl`) is the config's: core/config/mock-servers.ts.
 */
export { HarRecordingError, recordingFromHar } from './from-har';
export { listRecordedServers, mockFromRecording, MockRecordingError } from './from-recording';
export type { MockFromRecordingOptions, MockRecording, RecordedServer } from './from-recording';
export { createMockHttpHandler } from './http-handler';
export type { MockHttpHandler, MockHttpHandlerOptions } from './http-handler';
export { describeMiss, MockMatcher } from './match';
export type { MatchOutcome, MockMiss, MockRequest } from './match';
export { MockFileError, mockFileName, parseMock, writeMock } from './mock-file';
export { MISS_POLICIES, MOCK_FILE_SUFFIX, MOCK_FORMAT, MOCK_FORMAT_VERSION } from './mock-types';
export type { McpMock, MissPolicy, MockAnswer, MockExchange, MockServerIdentity, MockServerMessage, RpcErrorObject } from './mock-types';
export { canonicalJson, jsonDifferences, normaliseParams } from './normalise';
export type { JsonDifference } from './normalise';
export { MOCK_MISS_DATA_KEY, MockResponder } from './responder';
export type { LiveRequest, MockOutgoing, MockReply, MockResponderOptions } from './responder';
export { isMockFreeOfSecrets } from './scrub';
export { MOCK_CHANNEL } from './worker-protocol';
export type { MockListing, MockMissNotice, MockShelfSnapshot, MockWorkerReply, MockWorkerRequest } from './worker-protocol';
