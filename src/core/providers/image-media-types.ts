/** Image media types both providers accept inline (Anthropic image blocks, OpenAI data URLs). */
const SUPPORTED_IMAGE_MEDIA_TYPES: readonly string[] = ['image/jpeg', 'image/png', 'image/gif', 'image/webp'];

/** True when both providers accept images of this media type. */
export function isSupportedImageMediaType(mediaType: string): boolean {
  return SUPPORTED_IMAGE_MEDIA_TYPES.includes(mediaType.toLowerCase());
}

/** The text that stands in for an image a provider cannot take. */
export function unsupportedImageNote(mediaType: string): string {
  return `[image: ${mediaType} omitted: the model accepts only ${SUPPORTED_IMAGE_MEDIA_TYPES.join(', ')}]`;
}
