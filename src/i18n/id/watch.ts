// Bahasa Indonesia for watch-en.ts: the same keys and placeholders. Commands and flags stay as typed.
import type { WatchKey } from '../en/watch.js';

export const watchId: Record<WatchKey, string> = {
  'watch.noFleet': 'Memantau per lokasi atau semuanya sekaligus tidak tersedia dalam mode ini.',
  'watch.cpuOver': 'CPU > {cpu} %',
  'watch.memoryOver': 'memori > {memory} %',
  'watch.statusOnly': 'hanya status',
  'watch.allOrLocation': 'Pakai `--all` atau `--location`, jangan keduanya — tidak ada yang berubah.',
  'watch.serverOrFleet':
    'Sebutkan server atau `--all` / `--location`, jangan keduanya — tidak ada yang berubah.',
  'watch.tryLocation': 'Coba: /vps {verb} --location Jakarta',
  'watch.whichServer':
    'Server yang mana? Sebutkan satu, mis. `{verb} web-1`, atau `{verb} --all`, atau `{verb} --location Jakarta`.',
  'watch.orBind': 'Atau ikat satu ke kanal ini dengan `use web-1`.',
  'watch.andMore': 'dan {count} lainnya',
  'watch.fleetWatching': 'Memantau {what} ({count} server)',
  'watch.fleetStillWatching': 'Masih memantau {what} ({count} server)',
  'watch.fleetEach': 'Setiap server mendapat peringatannya sendiri di kanal ini ({limits}): {names}.',
  'watch.noneListed': 'belum ada yang terdaftar',
  'watch.fleetPickedUp':
    'Server yang ditambah atau dihapus nanti diambil dari daftar instans. Hentikan dengan {stop}',
  'watch.noInstance': 'Tidak ada instans {uuid} di akun ini — tidak ada yang dipantau.',
  'watch.checkUuid': 'Periksa uuid dengan `instance list`.',
  'watch.pageOrNoPage': 'Pakai `--page` atau `--no-page`, jangan keduanya — tidak ada yang dipantau.',
  'watch.watching': 'Memantau {label}',
  'watch.stillWatching': 'Masih memantau {label}',
  'watch.willPost': 'Peringatan untuk {label} akan diposting di kanal ini ({limits}).',
  'watch.stopWith': 'Hentikan dengan /vps unwatch {label}',
  'watch.noneTitle': 'Tidak ada pemantauan di sini',
  'watch.none': 'Tidak ada yang dipantau dari kanal ini. Coba: /vps watch web-1',
  'watch.column.instance': 'Instans',
  'watch.column.thresholds': 'Ambang',
  'watch.column.setBy': 'Diatur oleh',
  'watch.column.state': 'Keadaan',
  'watch.listTitle': 'Pemantauan di kanal ini ({count})',
  'watch.noServerWatched': 'Tidak ada server yang dipantau dari kanal ini — tidak ada yang berubah.',
  'watch.locationNotWatched': 'Lokasi {name} tidak dipantau dari kanal ini — tidak ada yang berubah.',
  'watch.seeWatches': 'Lihat yang dipantau di sini: /vps watches',
  'watch.unwatched': 'Tidak lagi memantau {what}',
  'watch.removedFleet':
    '{count} pemantauan server dihapus dari kanal ini; tidak ada lagi peringatan untuknya di sini.',
  'watch.notWatched': '{label} tidak dipantau dari kanal ini — tidak ada yang berubah.',
  'watch.noMoreForIt': 'Tidak ada lagi peringatan untuknya di kanal ini.',
};
