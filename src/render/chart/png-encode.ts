// RGBA pixels → PNG with Node's native zlib. resvg-wasm's own encoder compresses inside
// WebAssembly and took a third of a chart's render time; zlib at level 3 is several times faster
// and the files come out about the same size. Pixels are stored unfiltered (filter 0) because a
// chart is mostly flat colour, which deflate handles well on its own.
import { crc32, deflateSync } from 'node:zlib';

const SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

/** One PNG chunk: length, type, data, CRC of type + data. */
function chunk(type: string, data: Uint8Array): Buffer {
  const head = Buffer.alloc(8);
  head.writeUInt32BE(data.length, 0);
  head.write(type, 4, 'ascii');
  const tail = Buffer.alloc(4);
  tail.writeUInt32BE(crc32(data, crc32(head.subarray(4))) >>> 0, 0);
  return Buffer.concat([head, data, tail]);
}

/** Encodes premultiplied 8-bit RGBA pixels (resvg's pixmap, row-major) as a straight-alpha PNG. */
export function encodePng(rgba: Uint8Array, width: number, height: number): Uint8Array {
  const stride = width * 4;
  if (rgba.length !== stride * height)
    throw new Error(`expected ${stride * height} RGBA bytes, got ${rgba.length}`);
  const raw = Buffer.alloc((stride + 1) * height);
  for (let y = 0; y < height; y += 1)
    raw.set(rgba.subarray(y * stride, (y + 1) * stride), y * (stride + 1) + 1);
  unpremultiply(raw, stride);
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 6, 0, 0, 0], 8); // 8-bit depth, RGBA, deflate, adaptive filtering, no interlace
  const file = Buffer.concat([
    SIGNATURE,
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(raw, { level: 3 })),
    chunk('IEND', new Uint8Array(0)),
  ]);
  // A plain Uint8Array, as resvg's asPng returned: callers compare and store it as such.
  return new Uint8Array(file.buffer, file.byteOffset, file.length);
}

/** PNG stores straight alpha: divide colour by alpha where a pixel is translucent (rare in a chart). */
function unpremultiply(raw: Buffer, stride: number): void {
  for (let row = 0; row < raw.length; row += stride + 1) {
    for (let i = row + 1; i < row + 1 + stride; i += 4) {
      const alpha = raw[i + 3] ?? 255;
      if (alpha === 255 || alpha === 0) continue;
      for (let c = i; c < i + 3; c += 1) raw[c] = Math.min(255, Math.round(((raw[c] ?? 0) * 255) / alpha));
    }
  }
}
