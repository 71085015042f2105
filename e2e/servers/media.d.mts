/** Encodes an RGB image as PNG bytes. */
export declare function makePng(width: number, height: number, pixel: (x: number, y: number) => [number, number, number]): Buffer;
/** Encodes 16-bit mono PCM samples (-1..1) as a WAV file. */
export declare function makeWav(samples: number[], sampleRate: number): Buffer;
/** A short two-tone alert as WAV bytes. */
export declare function makeAlertTone(): Buffer;
