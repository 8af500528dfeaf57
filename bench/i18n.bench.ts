// Cost of answering in a language: the `instance show` card's body (every field, the id line)
// built through the catalogues in English and in Indonesian, against a baseline in the same run
// that writes the same English card with template strings; plus one catalogue lookup alone, and
// the one-off cost of compiling a message (paid once per key and locale, then cached).
import { IntlMessageFormat } from 'intl-messageformat';
import { detailFields, statusText } from '../commands/shared/instance-view.js';
import { idLine } from '../commands/shared/instance-ids.js';
import { instanceDetailSchema } from '../src/api/schemas/instance.js';
import { t, type Locale } from '../src/core/index.js';
import { CATALOGUES } from '../src/i18n/catalogue.js';
import { money } from '../src/render/format.js';
import { relativeTime } from '../src/render/time-format.js';
import { runIfEntry, type BenchReport } from './report.js';
import { median, round } from './support/stats.js';

const ROUNDS = 15;
const PER_ROUND = 2000;

const NOW = new Date('2026-11-26T12:00:00Z');
const DETAIL = instanceDetailSchema.parse({
  uuid: '7995e990-c3bf-4e27-8ce2-89fd5783f9ea',
  hostname: 'web-1',
  cpu: '2',
  is_cpu_dedicated: false,
  memory: '4096',
  storage: '80',
  status: 'Running',
  public_ip: { id: '3f2504e0-4f89-41d3-9a0c-0305e82c3301', ip_address: '203.0.113.10' },
  private_network: 'backend',
  location_id: 1,
  location: 'Jakarta',
  tier: 'Standard 2',
  os: { name: 'Ubuntu', version: '22.04' },
  price_per_hour: 1250,
  estimated_monthly_price: 912500,
  created_at: '2026-01-25 14:37:00',
  last_started_at: '2026-11-20 08:00:00',
  last_backup_at: '2026-11-24 02:00:00',
});

/** The card's body through the catalogues: what `instance show` lays out after its API calls. */
function catalogued(locale: Locale): number {
  const fields = detailFields(DETAIL, 'IDR', NOW, locale);
  const summary = `web-1: ${statusText(DETAIL.status, locale)}`;
  const ids = idLine(DETAIL.uuid, DETAIL, [], locale);
  return fields.length + summary.length + ids.length;
}

/** Baseline: the same English card as template strings, no catalogue (the formatters of both are shared). */
function templated(): number {
  const ago = (raw: string) => `${relativeTime(raw, NOW)} (${raw})`;
  const fields = [
    { label: 'Status', value: String(DETAIL.status) },
    { label: 'Public IP', value: '203.0.113.10' },
    { label: 'Location', value: String(DETAIL.location) },
    { label: 'Tier', value: String(DETAIL.tier) },
    { label: 'CPU', value: `${DETAIL.cpu} vCPU (shared)` },
    { label: 'Memory', value: '4 GB' },
    { label: 'Storage', value: '80 GB' },
    { label: 'OS', value: 'Ubuntu 22.04' },
    { label: 'Private network', value: String(DETAIL.private_network) },
    { label: 'Price', value: `${money(1250)}/h · est. ${money(912500)}/month` },
    { label: 'Created', value: ago('2026-01-25 14:37:00') },
    { label: 'Last started', value: ago('2026-11-20 08:00:00') },
    { label: 'Uptime', value: '6 d' },
    { label: 'Last backup', value: `${ago('2026-11-24 02:00:00')} ⚠ older than a day` },
  ];
  const ids = `uuid ${DETAIL.uuid} · Location id 1 · Public IP id ${DETAIL.public_ip?.id}`;
  return fields.length + `web-1: ${DETAIL.status}`.length + ids.length;
}

/** µs per call of `run`, median over rounds (the rounds interleave the cases, so load hits all alike). */
function measure(cases: Record<string, () => unknown>): Record<string, number> {
  const samples: Record<string, number[]> = Object.fromEntries(Object.keys(cases).map((k) => [k, []]));
  for (let r = 0; r < ROUNDS; r += 1)
    for (const [name, run] of Object.entries(cases)) {
      const started = performance.now();
      for (let i = 0; i < PER_ROUND; i += 1) run();
      samples[name]!.push(((performance.now() - started) * 1000) / PER_ROUND);
    }
  return Object.fromEntries(Object.entries(samples).map(([k, v]) => [k, median(v)]));
}

/** Runs the benchmark (a few seconds). */
export async function runBench(): Promise<BenchReport> {
  // Warm-up: JIT, and every message of the card compiled once (the cache a running bot has).
  for (let i = 0; i < 500; i += 1) {
    templated();
    catalogued('en');
    catalogued('id');
  }
  const key = 'metrics.context' as const;
  const values = { period: 'hour', samples: '60 samples', uuid: DETAIL.uuid };
  const us = measure({
    baseline: templated,
    en: () => catalogued('en'),
    id: () => catalogued('id'),
    lookup: () => t('id', key, values),
    literal: () => `Period: ${values.period} · ${values.samples} · uuid ${values.uuid}`,
    compile: () => new IntlMessageFormat(CATALOGUES.id[key], 'id-ID', undefined, { ignoreTag: true }),
  });
  const ratio = (n: number) => round(n / us.baseline!, 2);
  return {
    title: `Replies in a language: the instance show card, ${ROUNDS} rounds × ${PER_ROUND} each, medians`,
    rows: [
      {
        case: 'baseline: English card as template strings',
        'µs per reply': round(us.baseline!, 1),
        'vs baseline': 1,
      },
      {
        case: 'instance show card, en, catalogues',
        'µs per reply': round(us.en!, 1),
        'vs baseline': ratio(us.en!),
      },
      {
        case: 'instance show card, id, catalogues',
        'µs per reply': round(us.id!, 1),
        'vs baseline': ratio(us.id!),
      },
      { case: 'one lookup t(id, key, 3 values), cached', 'µs per reply': round(us.lookup!, 2) },
      { case: 'baseline: the same line as a template string', 'µs per reply': round(us.literal!, 3) },
      { case: 'compiling one message (once per key and locale)', 'µs per reply': round(us.compile!, 1) },
    ],
    notes:
      'Pure CPU in one process, no API or chat calls: the layout `instance show` does after its API answers. Money, sizes and dates go through the same Intl formatters in every case, so the ratios show what the catalogue lookups and the Indonesian date and money forms add. Compiling is paid on the first use of a key in a locale only.',
  };
}

await runIfEntry(import.meta.url, runBench);
