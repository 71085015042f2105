/** core/sampling: a server's sampling/createMessage request read, converted for any provider, and its result. */
export { neutralToCreateMessageResult, samplingToNeutralRequest } from './convert-sampling';
export { parseSamplingRequest } from './parse-sampling-request';
export type { CreateMessageContent, CreateMessageResult, SamplingContent, SamplingRequest, SamplingTool } from './sampling-types';
