/**
 * Real, tiny binary media made in code: PNG images and WAV sounds, for image/audio content blocks.
 * Plain bytes (Uint8Array) and no Node modules, so the same code runs in the Node demo servers and
 * in the page's demo Service Worker.
 */

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
 * The bytes of `parts` one after another.
 * @param {Uint8Array[]} parts
 */
function concat(parts) {
  const out = new Uint8Array(parts.reduce((sum, part) => sum + part.length, 0));
  let at = 0;
  for (const part of parts) {
    out.set(part, at);
    at += part.length;
  }
  return out;
}

/**
 * A 32-bit big-endian number as 4 bytes.
 * @param {number} value
 */
function uint32BE(value) {
  const bytes = new Uint8Array(4);
  new DataView(bytes.buffer).setUint32(0, value >>> 0);
  return bytes;
}

/**
 * `data` as a zlib stream of stored (uncompressed) deflate blocks: valid for every PNG decoder and
 * needs no compressor, so it runs anywhere (the pictures are a few hundred bytes).
 * @param {Uint8Array} data
 */
function zlibStored(data) {
  /** @type {Uint8Array[]} */
  const parts = [Uint8Array.of(0x78, 0x01)];
  const blockSize = 0xffff;
  for (let at = 0; at === 0 || at < data.length; at += blockSize) {
    const block = data.subarray(at, at + blockSize);
    const last = at + blockSize >= data.length ? 1 : 0;
    parts.push(Uint8Array.of(last, block.length & 0xff, block.length >>> 8, ~block.length & 0xff, (~block.length >>> 8) & 0xff), block);
  }
  let a = 1;
  let b = 0;
  for (const byte of data) {
    a = (a + byte) % 65521;
    b = (b + a) % 65521;
  }
  parts.push(uint32BE(((b << 16) | a) >>> 0));
  return concat(parts);
}

/**
 * @param {string} type four-letter chunk type
 * @param {Uint8Array} data
 */
function pngChunk(type, data) {
  const typeAndData = concat([new TextEncoder().encode(type), data]);
  return concat([uint32BE(data.length), typeAndData, uint32BE(crc32(typeAndData))]);
}

/**
 * Encodes an RGB image as PNG bytes.
 * @param {number} width
 * @param {number} height
 * @param {(x: number, y: number) => [number, number, number]} pixel colour of each pixel, 0..255 per channel
 * @returns {Uint8Array}
 */
export function makePng(width, height, pixel) {
  const header = new Uint8Array(13);
  const view = new DataView(header.buffer);
  view.setUint32(0, width);
  view.setUint32(4, height);
  header[8] = 8; // bit depth
  header[9] = 2; // colour type: RGB
  // compression, filter method, interlace: all 0
  const rowLength = 1 + width * 3;
  const raw = new Uint8Array(rowLength * height);
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
  return concat([
    Uint8Array.of(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a),
    pngChunk('IHDR', header),
    pngChunk('IDAT', zlibStored(raw)),
    pngChunk('IEND', new Uint8Array(0)),
  ]);
}

/**
 * Encodes 16-bit mono PCM samples as a WAV file.
 * @param {number[]} samples values in -1..1
 * @param {number} sampleRate in Hz
 * @returns {Uint8Array}
 */
function makeWav(samples, sampleRate) {
  const dataLength = samples.length * 2;
  const wav = new Uint8Array(44 + dataLength);
  const view = new DataView(wav.buffer);
  const ascii = (/** @type {string} */ text, /** @type {number} */ at) => wav.set(new TextEncoder().encode(text), at);
  ascii('RIFF', 0);
  view.setUint32(4, 36 + dataLength, true);
  ascii('WAVE', 8);
  ascii('fmt ', 12);
  view.setUint32(16, 16, true); // fmt chunk size
  view.setUint16(20, 1, true); // PCM
  view.setUint16(22, 1, true); // mono
  view.setUint32(24, sampleRate, true);
  view.setUint32(28, sampleRate * 2, true); // byte rate
  view.setUint16(32, 2, true); // block align
  view.setUint16(34, 16, true); // bits per sample
  ascii('data', 36);
  view.setUint32(40, dataLength, true);
  samples.forEach((sample, index) => {
    const clamped = Math.max(-1, Math.min(1, sample));
    view.setInt16(44 + index * 2, Math.round(clamped * 32767), true);
  });
  return wav;
}

/**
 * A short two-tone alert (880 Hz then 660 Hz, 0.3 s, 8 kHz) as WAV bytes.
 * @returns {Uint8Array}
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

/**
 * Bytes as base64 (btoa exists in Node ≥ 16 and every browser scope; Buffer only in Node).
 * @param {Uint8Array} bytes
 * @returns {string}
 */
export function toBase64(bytes) {
  let binary = '';
  for (let at = 0; at < bytes.length; at += 0x8000) binary += String.fromCharCode(...bytes.subarray(at, at + 0x8000));
  return btoa(binary);
}
