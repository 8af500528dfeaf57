import { PNG } from 'pngjs';
import { describe, expect, it } from 'vitest';
import { encodePng } from '../../src/render/chart/png-encode.js';
import { svgToPng } from '../../src/render/chart/index.js';

describe('encodePng', () => {
  it('writes a PNG that decodes to the same pixels, with premultiplied colour made straight', () => {
    // 2×2: opaque red, half-transparent orange (premultiplied 128,64,0), fully transparent, opaque white.
    const premultiplied = new Uint8Array([255, 0, 0, 255, 128, 64, 0, 128, 0, 0, 0, 0, 255, 255, 255, 255]);
    const decoded = PNG.sync.read(Buffer.from(encodePng(premultiplied, 2, 2)));
    expect({ width: decoded.width, height: decoded.height }).toEqual({ width: 2, height: 2 });
    expect([...decoded.data]).toEqual([255, 0, 0, 255, 255, 128, 0, 128, 0, 0, 0, 0, 255, 255, 255, 255]);
  });

  it('refuses a pixel buffer that does not match the size', () => {
    expect(() => encodePng(new Uint8Array(12), 2, 2)).toThrow('expected 16 RGBA bytes, got 12');
  });

  it('rasterises translucent SVG fills to their straight colour', async () => {
    const svg =
      '<svg xmlns="http://www.w3.org/2000/svg" width="2" height="1"><rect width="2" height="1" fill="#ff8000" fill-opacity="0.5"/></svg>';
    const decoded = PNG.sync.read(Buffer.from((await svgToPng(svg)).png));
    expect([...decoded.data.subarray(0, 4)]).toEqual([255, 128, 0, 128]);
  });
});
