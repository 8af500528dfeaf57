// SVG → PNG with resvg compiled to WebAssembly. The wasm build (not the native addon) is used
// on purpose: its memory is freed explicitly after every render, whereas the native 2.6.2
// addon holds ~4 MB per chart that V8 does not see, so a long-running bot's RSS kept growing.
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { initWasm, Resvg } from '@resvg/resvg-wasm';
import { chartFontFiles } from './fonts.js';
import { encodePng } from './png-encode.js';

const require = createRequire(import.meta.url);

/** Raster output: PNG bytes and pixel size. */
export interface RasterImage {
  png: Uint8Array;
  width: number;
  height: number;
}

let ready: Promise<Uint8Array[]> | null = null;

/** Loads the wasm module and the bundled fonts once per process (also called to warm up early). */
export function prepareRasterizer(): Promise<Uint8Array[]> {
  ready ??= (async () => {
    const wasmPath = join(dirname(require.resolve('@resvg/resvg-wasm')), 'index_bg.wasm');
    await initWasm(await readFile(wasmPath));
    return Promise.all(chartFontFiles().map(async (file) => new Uint8Array(await readFile(file))));
  })();
  ready.catch(() => {
    ready = null;
  });
  return ready;
}

/** Rasterises an SVG using only the bundled fonts, so the output is identical on every machine. */
export async function rasterizeSvg(svg: string, defaultFontFamily: string): Promise<RasterImage> {
  const fontBuffers = await prepareRasterizer();
  const resvg = new Resvg(svg, {
    font: { fontBuffers, defaultFontFamily, loadSystemFonts: false },
    fitTo: { mode: 'original' },
  });
  try {
    const image = resvg.render();
    try {
      const { width, height } = image;
      return { png: encodePng(image.pixels, width, height), width, height };
    } finally {
      image.free();
    }
  } finally {
    resvg.free();
  }
}
