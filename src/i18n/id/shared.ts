// Bahasa Indonesia for the shared helpers' texts: the same keys and placeholders as shared-en.ts
// (the type enforces the keys). Indonesian nouns take no plural form.
import type { SharedKey } from '../en/shared.js';

export const sharedId: Record<SharedKey, string> = {
  'count.instance': '{n, plural, other {# instans}}',
  'count.server': '{n, plural, other {# server}}',
  'count.backup': '{n, plural, other {# cadangan}}',
  'count.snapshot': '{n, plural, other {# snapshot}}',
  'count.system': '{n, plural, other {# sistem}}',
  'count.version': '{n, plural, other {# versi}}',
  'count.key': '{n, plural, other {# kunci}}',
  'count.node': '{n, plural, other {# node}}',
  'count.link': '{n, plural, other {# tautan}}',
  'count.sample': '{n, plural, other {# sampel}}',
  'count.network': '{n, plural, other {# jaringan privat}}',

  'page.of': 'Halaman {current} dari {pages}',
  'page.next': 'berikutnya: {command}',
  'page.previous': 'sebelumnya: {command}',
  'page.none': 'Tidak ada halaman {asked}.',
  'page.noneOf': 'Tidak ada halaman {asked}. Hanya ada {pages, plural, other {# halaman}}{total}.',
  'page.total': ' ({total})',

  'preview.isStatus': '{label} berstatus {status}.',

  'metrics.period.hour': 'satu jam terakhir',
  'metrics.period.day': '24 jam terakhir',
  'metrics.period.week': '7 hari terakhir',
  'metrics.period.month': '30 hari terakhir',
  'metrics.period.year': '12 bulan terakhir',
  'metrics.title': '{label} — {period}',
  'metrics.context': 'Periode: {period} · {samples} · uuid {uuid}',
  'metrics.noSamples': 'Tidak ada sampel untuk periode ini.',
  'metrics.chartAlt': 'Grafik metrik untuk {title}',
  'metrics.chartFailed': 'Grafik tidak dapat dibuat; angka di atas sudah lengkap.',
  'metrics.cpu': 'CPU',
  'metrics.memory': 'Memori',
  'metrics.netIn': 'Jaringan masuk',
  'metrics.netOut': 'Jaringan keluar',
  'metrics.diskRead': 'Baca disk',
  'metrics.diskWrite': 'Tulis disk',
  'metrics.avgMax': 'rata-rata {avg} · maks {max}',
  'metrics.memoryLine': '{now} dari {of}{pct} · puncak {peak}',

  'notOffered.title': 'API hosting ini tidak dapat menampilkan daftar {what}',
  'notOffered.line': 'API menjawab bahwa daftar {what} tidak tersedia (endpoint opsional).',
};
