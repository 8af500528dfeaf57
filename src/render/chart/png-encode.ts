// RGBA pixels → PNG with Node's native zlib. Skia's own PNG encoder (zlib level 6 with row
// filters) took longer than drawing the chart; zlib at level 3 is several times faster and the
// files come out about the same size. Pixels are stored unfiltered (filter 0) because a chart is
// mostly flat colour, which deflate handles well on its own.
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

let rows = Buffer.alloc(0);

/** The row buffer, reused between calls of one size: deflateSync is done with it on return, every
 * pixel byte is overwritten and the filter bytes (one per row) stay 0 from the first allocation. */
function scratch(size: number): Buffer {
  if (rows.length !== size) rows = Buffer.alloc(size);
  return rows;
}

/** Encodes straight-alpha 8-bit RGBA pixels (canvas ImageData, row-major) as a PNG. */
export function encodePng(rgba: Uint8Array, width: number, height: number): Uint8Array {
  const stride = width * 4;
  if (rgba.length !== stride * height)
    throw new Error(`expected ${stride * height} RGBA bytes, got ${rgba.length}`);
  const raw = scratch((stride + 1) * height);
  for (let y = 0; y < height; y += 1)
    raw.set(rgba.subarray(y * stride, (y + 1) * stride), y * (stride + 1) + 1);
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
  // A plain Uint8Array: callers compare and store it as such.
  return new Uint8Array(file.buffer, file.byteOffset, file.length);
}
