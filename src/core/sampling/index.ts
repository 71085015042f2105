/** core/sampling: a server's sampling/createMessage request read, converted for any provider, and its result. */
export { neutralToCreateMessageResult, samplingToNeutralRequest } from './convert-sampling';
export type { ConvertedSamplingRequest, SamplingRequestOptions } from './convert-sampling';
export { parseSamplingRequest } from './parse-sampling-request';
export type { ParseSamplingResult } from './parse-sampling-request';
export { SamplingRequestError } from './sampling-error';
export type { SamplingProblemCode } from './sampling-error';
export type {
  CreateMessageContent,
  CreateMessageResult,
  SamplingContent,
  SamplingMessage,
  SamplingModelPreferences,
  SamplingRequest,
  SamplingTool,
} from './sampling-types';
