// Text must look the same on a CI box with no system fonts as on a laptop, so the chart
// renderer loads Inter from a bundled npm package instead of asking the OS for fonts.
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);

/** Absolute paths of the TTF files the chart renderer loads (regular and semi-bold Inter). */
export function chartFontFiles(): string[] {
  return [
    require.resolve('@expo-google-fonts/inter/400Regular/Inter_400Regular.ttf'),
    require.resolve('@expo-google-fonts/inter/600SemiBold/Inter_600SemiBold.ttf'),
  ];
}
