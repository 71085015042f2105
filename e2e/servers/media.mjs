/** Real, tiny binary media made in code: PNG images and WAV sounds, for image/audio content blocks. */
import { deflateSync } from 'node:zlib';

/** @type {Uint32Array | undefined} */
let crcTable;

/**
 * CRC-32 (IEEE) as PNG chunks need it.
 * @param {Uint8Array} bytes
 * @returns {number}
 */
function crc32(bytes) {
  if (crcTable === undefined) {
    crcTable = new Uint32Array(256);
    for (let n = 0; n < 256; n++) {
      let c = n;
      for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
      crcTable[n] = c >>> 0;
    }
  }
  let crc = 0xffffffff;
  for (const byte of bytes) crc = (crcTable[(crc ^ byte) & 0xff] ?? 0) ^ (crc >>> 8);
  return (crc ^ 0xffffffff) >>> 0;
}

/**
 * @param {string} type four-letter chunk type
 * @param {Buffer} data
 */
function pngChunk(type, data) {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const typeAndData = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(typeAndData));
  return Buffer.concat([length, typeAndData, crc]);
}

/**
 * Encodes an RGB image as PNG bytes.
 * @param {number} width
 * @param {number} height
 * @param {(x: number, y: number) => [number, number, number]} pixel colour of each pixel, 0..255 per channel
 * @returns {Buffer}
 */
export function makePng(width, height, pixel) {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 8; // bit depth
  header[9] = 2; // colour type: RGB
  header[10] = 0; // compression
  header[11] = 0; // filter method
  header[12] = 0; // no interlace
  const rowLength = 1 + width * 3;
  const raw = Buffer.alloc(rowLength * height);
  for (let y = 0; y < height; y++) {
    raw[y * rowLength] = 0; // filter type None
    for (let x = 0; x < width; x++) {
      const [r, g, b] = pixel(x, y);
      const at = y * rowLength + 1 + x * 3;
      raw[at] = r;
      raw[at + 1] = g;
      raw[at + 2] = b;
    }
  }
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    pngChunk('IHDR', header),
    pngChunk('IDAT', deflateSync(raw)),
    pngChunk('IEND', Buffer.alloc(0)),
  ]);
}

/**
 * Encodes 16-bit mono PCM samples as a WAV file.
 * @param {number[]} samples values in -1..1
 * @param {number} sampleRate in Hz
 * @returns {Buffer}
 */
export function makeWav(samples, sampleRate) {
  const dataLength = samples.length * 2;
  const wav = Buffer.alloc(44 + dataLength);
  wav.write('RIFF', 0, 'latin1');
  wav.writeUInt32LE(36 + dataLength, 4);
  wav.write('WAVE', 8, 'latin1');
  wav.write('fmt ', 12, 'latin1');
  wav.writeUInt32LE(16, 16); // fmt chunk size
  wav.writeUInt16LE(1, 20); // PCM
  wav.writeUInt16LE(1, 22); // mono
  wav.writeUInt32LE(sampleRate, 24);
  wav.writeUInt32LE(sampleRate * 2, 28); // byte rate
  wav.writeUInt16LE(2, 32); // block align
  wav.writeUInt16LE(16, 34); // bits per sample
  wav.write('data', 36, 'latin1');
  wav.writeUInt32LE(dataLength, 40);
  samples.forEach((sample, index) => {
    const clamped = Math.max(-1, Math.min(1, sample));
    wav.writeInt16LE(Math.round(clamped * 32767), 44 + index * 2);
  });
  return wav;
}

/**
 * A short two-tone alert (880 Hz then 660 Hz, 0.3 s, 8 kHz) as WAV bytes.
 * @returns {Buffer}
 */
export function makeAlertTone() {
  const sampleRate = 8000;
  const count = Math.round(sampleRate * 0.3);
  /** @type {number[]} */
  const samples = [];
  for (let index = 0; index < count; index++) {
    const time = index / sampleRate;
    const frequency = index < count / 2 ? 880 : 660;
    // A short fade at both ends avoids clicks.
    const envelope = Math.min(1, index / 200, (count - index) / 200);
    samples.push(0.5 * envelope * Math.sin(2 * Math.PI * frequency * time));
  }
  return makeWav(samples, sampleRate);
}
