// Chart colours. Each theme paints a solid card background, so the PNG reads the same in
// Slack's and Discord's light and dark clients: the card, not the client, sets the contrast.

/** The chart themes; 'dark' is the default card. */
export type ChartTheme = 'dark' | 'light';

/** Colours used by one theme. */
export interface Palette {
  background: string;
  panel: string;
  border: string;
  text: string;
  subtext: string;
  grid: string;
  axis: string;
  /** Line colours by line name ("CPU", "Used", "Max", "In", "Out", "Read", "Write"). */
  lines: Record<string, string>;
}

const DARK: Palette = {
  background: '#1b1d21',
  panel: '#25282e',
  border: '#3d424b',
  text: '#f1f3f5',
  subtext: '#aeb4bd',
  grid: '#353a42',
  axis: '#6b727d',
  lines: {
    CPU: '#5aa9ff',
    Used: '#3ddc97',
    Max: '#c3c8cf',
    In: '#5aa9ff',
    Out: '#ffb347',
    Read: '#c792ea',
    Write: '#ff6b6b',
  },
};

const LIGHT: Palette = {
  background: '#ffffff',
  panel: '#f6f7f9',
  border: '#d4d8de',
  text: '#15171a',
  subtext: '#535a64',
  grid: '#e1e4e8',
  axis: '#8a919b',
  lines: {
    CPU: '#1565d8',
    Used: '#0b8a55',
    Max: '#5f6670',
    In: '#1565d8',
    Out: '#d35f00',
    Read: '#7b3fb5',
    Write: '#c62828',
  },
};

/** The palette of a theme. */
export function palette(theme: ChartTheme): Palette {
  return theme === 'light' ? LIGHT : DARK;
}
