// Monitoring series (RRD) for an instance: deterministic but plausible values with a daily rhythm,
// a CPU spike, and flat lines after the instance stopped. CPU is a percentage (0–100); memory in
// bytes; network and disk in bytes per second; sample time is "YYYY-MM-DD HH:MM:SS" UTC.
import { humanBytes, rrdTime } from './format.js';
import { unitNoise } from './prng.js';
import type { SimInstance } from './records.js';

/** The periodes endpoint 5 accepts. */
export const PERIODES = ['hour', 'day', 'week', 'month', 'year'] as const;
/** hour | day | week | month | year */
export type Periode = (typeof PERIODES)[number];

/** Sample count and step (seconds) per periode: 60×1 min, 288×5 min, 168×1 h, 120×6 h, 365×1 day. */
export const RRD_RESOLUTION: Record<Periode, { samples: number; stepSeconds: number }> = {
  hour: { samples: 60, stepSeconds: 60 },
  day: { samples: 288, stepSeconds: 300 },
  week: { samples: 168, stepSeconds: 3600 },
  month: { samples: 120, stepSeconds: 21_600 },
  year: { samples: 365, stepSeconds: 86_400 },
};

const round2 = (n: number): number => Math.round(n * 100) / 100;

/** "4 GB" / "2048 MB" → bytes (falls back to 2 GB for shapes it cannot read). */
export function memoryBytes(memory: string): number {
  const m = /^\s*([\d.]+)\s*(MB|GB|TB)?\s*$/i.exec(memory);
  if (!m) return 2 * 1024 ** 3;
  const unit = (m[2] ?? 'MB').toUpperCase();
  const power = unit === 'TB' ? 4 : unit === 'GB' ? 3 : 2;
  return Math.round(Number(m[1]) * 1024 ** power);
}

/** The four series of endpoint 5 for one instance and periode, ending at the last step before `now`. */
export function rrdSeries(instance: SimInstance, periode: Periode, now: Date) {
  const { samples, stepSeconds } = RRD_RESOLUTION[periode];
  const end = Math.floor(now.getTime() / 1000 / stepSeconds) * stepSeconds;
  const spikeAt = Math.floor(samples * 0.7);
  const maxMemory = memoryBytes(instance.memory);
  const stoppedAt = instance.stoppedAt ? instance.stoppedAt.getTime() / 1000 : Number.POSITIVE_INFINITY;
  const cpu = [];
  const memory = [];
  const network = [];
  const disk = [];
  for (let i = 0; i < samples; i += 1) {
    const t = end - (samples - 1 - i) * stepSeconds;
    const time = rrdTime(new Date(t * 1000));
    const key = `${instance.uuid}:${stepSeconds}:${t}`;
    const noise = (n: string): number => unitNoise(`${key}:${n}`);
    const up = t < stoppedAt;
    const hourOfDay = (t / 3600) % 24;
    const rhythm = 0.5 + 0.5 * Math.sin((2 * Math.PI * (hourOfDay - 8)) / 24);
    const spike = i === spikeAt || i === spikeAt + 1;
    const cpuValue = spike ? 86 + noise('spike') * 11 : 6 + rhythm * 22 + noise('cpu') * 8;
    const used = maxMemory * (0.42 + rhythm * 0.18 + noise('mem') * 0.08);
    const netin = 40_000 + rhythm * 600_000 + noise('in') * 120_000;
    const netout = netin * (0.25 + noise('out') * 0.2);
    const write = 80_000 + rhythm * 900_000 + noise('w') * 200_000;
    const read = 20_000 + rhythm * 300_000 + noise('r') * 90_000;
    cpu.push({ time, cpu: up ? round2(instance.cpuLoad ?? cpuValue) : 0 });
    const usage = up ? Math.round(used) : 0;
    memory.push({
      time,
      raw_max_memory: maxMemory,
      max_memory: humanBytes(maxMemory),
      raw_usage_memory: usage,
      usage_memory: humanBytes(usage),
    });
    network.push(pair(time, 'netin', up ? netin : 0, 'netout', up ? netout : 0));
    disk.push(pair(time, 'diskwrite', up ? write : 0, 'diskread', up ? read : 0));
  }
  return { cpu, memory, network, disk };
}

function pair(
  time: string,
  a: string,
  aValue: number,
  b: string,
  bValue: number,
): Record<string, string | number> {
  const ra = Math.round(aValue);
  const rb = Math.round(bValue);
  return { time, [`raw_${a}`]: ra, [a]: `${humanBytes(ra)}/s`, [`raw_${b}`]: rb, [b]: `${humanBytes(rb)}/s` };
}
