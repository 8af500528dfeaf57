import { PNG } from 'pngjs';
import { describe, expect, it } from 'vitest';
import { encodePng } from '../../../../src/render/chart/png-encode.js';
import { paintPng } from '../../../../src/render/chart/rasterize.js';

describe('encodePng', () => {
  it('writes a PNG that decodes to the same straight-alpha pixels', () => {
    // 2×2: opaque red, half-transparent orange, fully transparent, opaque white.
    const rgba = new Uint8Array([255, 0, 0, 255, 255, 128, 0, 128, 0, 0, 0, 0, 255, 255, 255, 255]);
    const decoded = PNG.sync.read(Buffer.from(encodePng(rgba, 2, 2)));
    expect({ width: decoded.width, height: decoded.height }).toEqual({ width: 2, height: 2 });
    expect([...decoded.data]).toEqual([...rgba]);
  });

  it('encodes images of different sizes one after the other', () => {
    const one = PNG.sync.read(Buffer.from(encodePng(new Uint8Array([1, 2, 3, 4]), 1, 1)));
    const two = PNG.sync.read(Buffer.from(encodePng(new Uint8Array([5, 6, 7, 8, 9, 10, 11, 12]), 1, 2)));
    expect([...one.data]).toEqual([1, 2, 3, 4]);
    expect([...two.data]).toEqual([5, 6, 7, 8, 9, 10, 11, 12]);
  });

  it('refuses a pixel buffer that does not match the size', () => {
    expect(() => encodePng(new Uint8Array(12), 2, 2)).toThrow('expected 16 RGBA bytes, got 12');
  });
});

describe('paintPng', () => {
  it('stores a translucent canvas fill as its straight colour and alpha', () => {
    const { png, width, height } = paintPng(2, 1, (canvas) => {
      const context = canvas.getContext('2d');
      context.fillStyle = 'rgba(255, 128, 0, 0.5)';
      context.fillRect(0, 0, 2, 1);
    });
    const decoded = PNG.sync.read(Buffer.from(png));
    expect({ width, height }).toEqual({ width: 2, height: 1 });
    const [r = 0, g = 0, b = 0, a = 0] = decoded.data.subarray(0, 4);
    expect([r, b]).toEqual([255, 0]);
    expect(Math.abs(g - 128)).toBeLessThanOrEqual(1);
    expect(Math.abs(a - 128)).toBeLessThanOrEqual(1);
  });

  it('starts every picture from a cleared canvas', () => {
    paintPng(2, 1, (canvas) => {
      canvas.getContext('2d').fillRect(0, 0, 2, 1);
    });
    const decoded = PNG.sync.read(Buffer.from(paintPng(2, 1, () => undefined).png));
    expect([...decoded.data]).toEqual([0, 0, 0, 0, 0, 0, 0, 0]);
  });
});
