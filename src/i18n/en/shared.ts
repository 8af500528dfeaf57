// English texts of the helpers every command shares (commands/shared/): counts, paging, previews,
// metrics. Spread into the English catalogue through commands-en.ts; write ’, not ', in text.
export const sharedEn = {
  // Counted nouns, ICU plurals (# is the number in the reader's digits)
  'count.instance': '{n, plural, one {# instance} other {# instances}}',
  'count.server': '{n, plural, one {# server} other {# servers}}',
  'count.backup': '{n, plural, one {# backup} other {# backups}}',
  'count.snapshot': '{n, plural, one {# snapshot} other {# snapshots}}',
  'count.system': '{n, plural, one {# system} other {# systems}}',
  'count.version': '{n, plural, one {# version} other {# versions}}',
  'count.key': '{n, plural, one {# key} other {# keys}}',
  'count.node': '{n, plural, one {# node} other {# nodes}}',
  'count.link': '{n, plural, one {# link} other {# links}}',
  'count.sample': '{n, plural, one {# sample} other {# samples}}',
  'count.network': '{n, plural, one {# private network} other {# private networks}}',

  // Paging (commands/shared/paging.ts); {total} is already counted ("23 backups")
  'page.of': 'Page {current} of {pages}',
  'page.next': 'next: {command}',
  'page.previous': 'previous: {command}',
  'page.none': 'There is no page {asked}.',
  'page.noneOf':
    'There is no page {asked}. There {pages, plural, one {is 1 page} other {are # pages}}{total}.',
  'page.total': ' ({total})',

  // Previews and change results (commands/shared/preview.ts)
  'preview.isStatus': '{label} is {status}.',

  // instance metrics (commands/shared/metrics-reply.ts, metrics.ts)
  'metrics.period.hour': 'last hour',
  'metrics.period.day': 'last 24 hours',
  'metrics.period.week': 'last 7 days',
  'metrics.period.month': 'last 30 days',
  'metrics.period.year': 'last 12 months',
  'metrics.title': '{label} — {period}',
  'metrics.context': 'Period: {period} · {samples} · uuid {uuid}',
  'metrics.noSamples': 'No samples were returned for this period.',
  'metrics.chartAlt': 'Metrics chart for {title}',
  'metrics.chartFailed': 'The chart could not be drawn; the numbers above are complete.',
  'metrics.cpu': 'CPU',
  'metrics.memory': 'Memory',
  'metrics.netIn': 'Network in',
  'metrics.netOut': 'Network out',
  'metrics.diskRead': 'Disk read',
  'metrics.diskWrite': 'Disk write',
  'metrics.avgMax': 'avg {avg} · max {max}',
  'metrics.memoryLine': '{now} of {of}{pct} · peak {peak}',

  // The optional endpoints (listings.ts)
  'notOffered.title': 'This hosting API cannot list {what}',
  'notOffered.line': 'The API answered that it does not offer a list of {what} (optional endpoint).',
} as const;

/** A key of the shared helpers' texts. */
export type SharedKey = keyof typeof sharedEn;
