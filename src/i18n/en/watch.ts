// English texts of watch / watches / unwatch (commands/watch.ts). Spread into catalogue-en.ts;
// watch-id.ts has the same keys.
export const watchEn = {
  'watch.noFleet': 'Watching by location or all at once is not available in this mode.',
  'watch.cpuOver': 'CPU > {cpu} %',
  'watch.memoryOver': 'memory > {memory} %',
  'watch.statusOnly': 'status only',
  'watch.allOrLocation': 'Give `--all` or `--location`, not both — nothing changed.',
  'watch.serverOrFleet': 'Give a server or `--all` / `--location`, not both — nothing changed.',
  'watch.tryLocation': 'Try: /vps {verb} --location Jakarta',
  'watch.whichServer':
    'Which server? Give one, e.g. `{verb} web-1`, or `{verb} --all`, or `{verb} --location Jakarta`.',
  'watch.orBind': 'Or bind one to this channel with `use web-1`.',
  'watch.andMore': 'and {count} more',
  'watch.fleetWatching': 'Watching {what} ({count, plural, one {# server} other {# servers}})',
  'watch.fleetStillWatching': 'Still watching {what} ({count, plural, one {# server} other {# servers}})',
  'watch.fleetEach': 'Each server gets its own alerts in this channel ({limits}): {names}.',
  'watch.noneListed': 'none listed yet',
  'watch.fleetPickedUp':
    'Servers added or deleted later are picked up from the instance list. Stop with {stop}',
  'watch.noInstance': 'No instance {uuid} on this account — nothing is watched.',
  'watch.checkUuid': 'Check the uuid with `instance list`.',
  'watch.pageOrNoPage': 'Give `--page` or `--no-page`, not both — nothing is watched.',
  'watch.watching': 'Watching {label}',
  'watch.stillWatching': 'Still watching {label}',
  'watch.willPost': 'Alerts for {label} will be posted in this channel ({limits}).',
  'watch.stopWith': 'Stop with /vps unwatch {label}',
  'watch.noneTitle': 'No watches here',
  'watch.none': 'Nothing is watched from this channel. Try: /vps watch web-1',
  'watch.column.instance': 'Instance',
  'watch.column.thresholds': 'Thresholds',
  'watch.column.setBy': 'Set by',
  'watch.column.state': 'State',
  'watch.listTitle': 'Watches in this channel ({count})',
  'watch.noServerWatched': 'No server is watched from this channel — nothing changed.',
  'watch.locationNotWatched': 'Location {name} is not watched from this channel — nothing changed.',
  'watch.seeWatches': 'See what is watched here: /vps watches',
  'watch.unwatched': 'No longer watching {what}',
  'watch.removedFleet':
    'Removed {count, plural, one {# server watch} other {# server watches}} from this channel; no more alerts for them here.',
  'watch.notWatched': '{label} is not watched from this channel — nothing changed.',
  'watch.noMoreForIt': 'No more alerts for it in this channel.',
} as const;

/** The keys of this file. */
export type WatchKey = keyof typeof watchEn;
