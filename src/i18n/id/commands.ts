// Bahasa Indonesia for the command texts: the same keys and placeholders as commands-en.ts (the
// type makes a missing key a compile error). Commands, flags and API status words stay as typed.
import type { CommandsKey } from '../en/commands.js';
import { networkId } from './network.js';
import { parseId } from './parse.js';
import { repliesId } from './replies.js';
import { sharedId } from './shared.js';
import { powerId } from './power.js';

export const commandsId: Record<CommandsKey, string> = {
  ...sharedId,
  ...powerId,
  ...networkId,
  ...parseId,
  ...repliesId,

  'console.title': 'Konsol untuk {label}',
  'console.summary': 'Konsol untuk {label} (hanya terlihat oleh Anda)',
  'console.private': 'Hanya Anda yang dapat melihat ini. Jangan tempel kata sandinya di kanal.',
  'console.url': 'URL websocket',
  'console.password': 'kata sandi: {password}',
  'noIp.title': 'Instans tanpa IP publik di lokasi {location}',
  'noIp.empty': 'Setiap instans di sana sudah memiliki IP publik.',
  'noIp.note': '{instances} · beri alamat: /vps ip add <instance>',
  'noIp.summary': '{instances} tanpa IP publik',
  'column.hostname': 'Hostname',
  'column.uuid': 'UUID',

  'list.unknownStatus': 'Status `{name}` tidak dikenal. Status yang berlaku: {valid}.',
  'list.unknownStatusHint': 'Beberapa sekaligus: --status Stopped,Error',
  'list.notOffered': 'Layanan hosting tidak menyediakan daftar instans.',
  'list.notOfferedHint':
    'Perintah lain tetap bisa dipakai dengan uuid atau alias, mis. /vps instance show <uuid>.',
  'list.title': 'Server',
  'list.titlePage': 'Server, halaman {page}',
  'list.filtered': 'Filter: {flags}',
  'list.noServers': 'Layanan hosting tidak mencantumkan server apa pun.',
  'list.noMatch': 'Tidak ada server yang cocok.',
  'list.cut':
    'Hanya {read} dari {pages} halaman pertama yang dibaca. Persempit daftar dengan --status, --search atau --location, atau baca satu halaman dengan --page N.',
  'list.column.status': 'Status',
  'list.column.location': 'Lokasi',
  'list.column.publicIp': 'IP publik',
  'list.column.tier': 'Paket',
  'list.column.monthly': 'Per bulan',

  'snapshot.delete.title': 'Hapus snapshot {label}?',
  'snapshot.delete.line':
    'Snapshot {snapshot} milik {label} akan dihapus. Instansnya sendiri tidak disentuh.',
  'snapshot.delete.requested': 'Penghapusan snapshot {label} diminta',
  'snapshot.delete.removing': 'Snapshot {snapshot} sedang dihapus.',
  'snapshot.rollback.participle': 'dikembalikan',
  'snapshot.rollback.title': 'Kembalikan {label} ke sebuah snapshot?',
  'snapshot.rollback.line': '{label} akan dikembalikan ke snapshot {snapshot}.',
  'snapshot.rollback.lost': 'Semua yang ditulis sejak snapshot itu akan hilang.',
  'snapshot.rollback.endsStopped':
    '{label} akan berakhir Berhenti (Stopped); API hosting tidak punya perintah start, jadi nyalakan dari panel penyedia.',
  'snapshot.rollback.requested': 'Pengembalian {label} diminta',
  'snapshot.rollback.rolling': '{label} sedang dikembalikan ke snapshot {snapshot}.',

  'listing.snapshots': 'snapshot',
  'listing.snapshotsHint': 'Uuid snapshot tersedia di panel hosting Anda.',
  'listing.snapshotsTitle': 'Snapshot {label}',
  'listing.noSnapshots': '{label} tidak memiliki snapshot.',
  'listing.current': '{name} (saat ini)',
  'listing.snapshotsUse':
    'Pakai: snapshot rollback {label} <snapshot uuid> · snapshot delete {label} <snapshot uuid>',
  'listing.networks': 'jaringan privat',
  'listing.networksHint': 'Uuid jaringan juga muncul di `instance show` bila API menyebutkannya.',
  'listing.networksTitle': 'Jaringan privat',
  'listing.noNetworks': 'Tidak ada jaringan privat.',
  'listing.networksUse':
    'Pakai: network show <uuid> · network graph <graph id> · network attach <instance> <uuid>',
  'column.name': 'Nama',
  'column.snapshotUuid': 'Uuid snapshot',
  'column.created': 'Dibuat',
  'column.status': 'Status',
  'column.networkUuid': 'Uuid jaringan',
  'column.graphId': 'Id graf',
  'column.location': 'Lokasi',
  'column.subnet': 'Subnet',

  'backup.notAmong': 'tidak ada di antara {count} cadangan terbaru — periksa uuid-nya',
  'backup.field': 'Cadangan',
  'backup.taken': 'Cadangan dibuat',
  'backup.size': 'Ukuran cadangan',
  'backup.missing': '{label} tidak memiliki cadangan {backup} ({known}lihat `backup list {label}`).',
  'backup.known': '{backups}; ',
  'backup.restore.participle': 'dipulihkan',
  'backup.restore.title': 'Pulihkan {label} dari cadangan?',
  'backup.restore.line': '{label} akan dipulihkan dari cadangan {backup}.',
  'backup.restore.lineTaken': '{label} akan dipulihkan dari cadangan {backup}, dibuat {taken}.',
  'backup.restore.overwritten': 'Semua yang ditulis ke disknya sejak cadangan itu akan ditimpa.',
  'backup.restore.requested': 'Pemulihan {label} diminta',
  'backup.restore.restoring': '{label} sedang dipulihkan dari cadangan {backup}.',
  'backup.delete.title': 'Hapus cadangan {label}?',
  'backup.delete.line': 'Cadangan {backup} milik {label} akan dihapus. Instansnya sendiri tidak disentuh.',
  'backup.delete.done': 'Cadangan {label} dihapus',
  'backup.delete.deleted': 'Cadangan {backup} sudah dihapus.',
  'backup.list.title': 'Cadangan {label}',
  'backup.list.none': '{label} tidak memiliki cadangan.',
  'backup.column.taken': 'Dibuat',
  'backup.column.size': 'Ukuran',
  'backup.column.schedule': 'Jadwal',
  'backup.column.estimate': 'Perkiraan bulan ini',
  'backup.column.uuid': 'Uuid cadangan',
  'showServer.title': 'Server dalam pesan ini ({count})',
  'showServer.noneTitle': 'Tidak ada server yang ditemukan',
  'showServer.none': 'Pesan ini tidak menyebut server mana pun dari akun ini: tidak ada nama host, uuid (atau 8+ karakternya) atau IP publik salah satunya.',
};
