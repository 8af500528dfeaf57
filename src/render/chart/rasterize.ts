// Pixels → PNG with @napi-rs/canvas (Skia, shipped as a prebuilt binary inside the npm package).
// ECharts draws straight onto one reused Skia canvas through its canvas renderer, so there is no
// SVG to parse and no font to re-read per chart; the fonts are registered once per process.
// The pixels are read back with getImageData and encoded with Node's zlib (png-encode.ts), which
// is several times faster than Skia's own PNG encoder for these flat-colour images.
import { createCanvas, GlobalFonts, type Canvas, type SKRSContext2D } from '@napi-rs/canvas';
import { chartFontFiles } from './fonts.js';
import { encodePng } from './png-encode.js';

/** Raster output: PNG bytes and pixel size. */
export interface RasterImage {
  png: Uint8Array;
  width: number;
  height: number;
}

let fontsRegistered = false;
let shared: Canvas | null = null;

/** Registers the bundled fonts under `family` once per process; Skia picks the weight from each file. */
export function registerChartFonts(family: string): void {
  if (fontsRegistered) return;
  for (const file of chartFontFiles()) {
    if (GlobalFonts.registerFromPath(file, family) === null)
      throw new Error(`cannot load chart font ${file}`);
  }
  fontsRegistered = true;
}

let measuring: SKRSContext2D | null = null;
/** zrender takes the width of this CJK character as the line height of a font. */
const LINE_HEIGHT_PROBE = '国';

/**
 * ECharts' text measuring (its platform API): widths from Skia with the bundled font. The line
 * height probe, a glyph Inter lacks, is answered with the font size (what a CJK font gives), so
 * the layout never depends on which fallback fonts the machine has.
 */
export function measureChartText(text: string, font: string): { width: number } {
  if (text === LINE_HEIGHT_PROBE) return { width: Number(/(\d+(?:\.\d+)?)px/.exec(font)?.[1] ?? 12) };
  measuring ??= createCanvas(1, 1).getContext('2d');
  if (measuring.font !== font) measuring.font = font;
  return { width: measuring.measureText(text).width };
}

/**
 * Waits one turn of the event loop. The pixels read back from Skia live in native memory that
 * Node releases in a callback on the event loop after V8 collects them; a caller drawing many
 * charts back to back with only microtasks between them would pile them up (gigabytes over a
 * few hundred charts). Yielding before each chart keeps resident memory flat.
 */
export function releasePendingPixels(): Promise<void> {
  return new Promise((resolve) => setImmediate(resolve));
}

/**
 * Lets `paint` draw on a cleared canvas of the given size, then encodes it as PNG. The canvas is
 * reused while the size stays the same (every chart has the same size), so a render allocates no
 * new Skia surface; `paint` must be synchronous, which also keeps two renders from interleaving.
 */
export function paintPng(width: number, height: number, paint: (canvas: Canvas) => void): RasterImage {
  if (shared?.width !== width || shared.height !== height) shared = createCanvas(width, height);
  const canvas = shared;
  const context = canvas.getContext('2d');
  context.lang = 'en'; // text shaping must not follow the host's language
  context.clearRect(0, 0, width, height);
  paint(canvas);
  const { data } = context.getImageData(0, 0, width, height);
  return {
    png: encodePng(new Uint8Array(data.buffer, data.byteOffset, data.length), width, height),
    width,
    height,
  };
}
