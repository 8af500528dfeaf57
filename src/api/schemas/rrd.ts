// Schema for monitoring series (spec 2.5, endpoint 5). Each series may be missing (→ []).
import { z } from 'zod';
import { listOf, maybe, num, text } from './tolerant.js';

/** The monitoring periods the API accepts for endpoint 5. */
export const PERIODES = ['hour', 'day', 'week', 'month', 'year'] as const;

/** A monitoring period. */
export type Periode = (typeof PERIODES)[number];

const cpuSample = z.object({ time: maybe(text), cpu: maybe(num) }).loose();
const memorySample = z
  .object({
    time: maybe(text),
    raw_max_memory: maybe(num),
    max_memory: maybe(text),
    raw_usage_memory: maybe(num),
    usage_memory: maybe(text),
  })
  .loose();
const networkSample = z
  .object({
    time: maybe(text),
    raw_netin: maybe(num),
    netin: maybe(text),
    raw_netout: maybe(num),
    netout: maybe(text),
  })
  .loose();
const diskSample = z
  .object({
    time: maybe(text),
    raw_diskwrite: maybe(num),
    diskwrite: maybe(text),
    raw_diskread: maybe(num),
    diskread: maybe(text),
  })
  .loose();

/** All four series of one instance for one period. */
export const rrdSeriesSchema = z
  .object({
    cpu: listOf(cpuSample),
    memory: listOf(memorySample),
    network: listOf(networkSample),
    disk: listOf(diskSample),
  })
  .loose();

/** Monitoring series; sample `time` is kept raw (format not stated by the spec). */
export type RrdSeries = z.output<typeof rrdSeriesSchema>;
