/** Encodes an RGB image as PNG bytes. */
export declare function makePng(width: number, height: number, pixel: (x: number, y: number) => [number, number, number]): Uint8Array;
/** A short two-tone alert as WAV bytes. */
export declare function makeAlertTone(): Uint8Array;
/** Bytes as base64, in Node and in any browser scope. */
export declare function toBase64(bytes: Uint8Array): string;
