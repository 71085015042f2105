/**
 * Mocks made from a recording. A mock (`*.mcp-mock.json`) is one server as the traffic log saw it:
 * identity, era, capabilities and the recorded request/answer pairs with what the server sent on
 * its own around them, with no secret in it. Pure TypeScript: the page's Service Worker, the
 * headless `npm run mock` and the tests serve the same handler.
 *
 * - `listRecordedServers(recording)`, `mockFromRecording(recording, { server, secrets })`: make one;
 *   `recordingFromHar(text)` reads a HAR Glassbox exported as a recording.
 * - `writeMock` / `parseMock` (a MockFileError names the field with a JSON Pointer): the file boundary; `mockFileName`.
 * - `createMockHttpHandler(mock)`: the mock over streamable HTTP on web Request/Response, over the
 *   JSON-RPC level `MockResponder` (responder.ts) and the matching `MockMatcher` (match.ts).
 * The page address a mock is served at (`mockUrl`, `mockLabelOfUrl`) is the config's: core/config/mock-servers.ts.
 */
export { recordingFromHar } from './from-har';
export { listRecordedServers, mockFromRecording } from './from-recording';
export type { MockRecording } from './from-recording';
export { createMockHttpHandler } from './http-handler';
export type { MockHttpHandler } from './http-handler';
export { mockFileName, parseMock, writeMock } from './mock-file';
export { MISS_POLICIES } from './mock-types';
export type { McpMock, MissPolicy } from './mock-types';
export { MOCK_CHANNEL } from './worker-protocol';
export type { MockListing, MockMissNotice, MockShelfSnapshot, MockWorkerReply, MockWorkerRequest } from './worker-protocol';
