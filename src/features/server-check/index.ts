/** The server check's screen: a server's verdict per category, its findings on the wire, and the report's exports. */
export { ServerReport } from './server-report';
