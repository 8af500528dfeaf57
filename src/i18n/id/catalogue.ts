// Bahasa Indonesia: the same keys and placeholders as the English catalogue (the type enforces the
// keys, test/unit/i18n/catalogue.test.ts the placeholders). Commands and flags stay as typed.
import type { MessageKey } from '../en/catalogue.js';
import { commandsId } from './commands.js';

import { alertsId } from './alerts.js';
import { consoleId } from './console.js';
import { watchId } from './watch.js';
import { policyId } from './policy.js';
import { noticesId } from './notices.js';
import { opsId } from './ops.js';
import { trackingId } from './tracking.js';
import { storyId } from './story.js';
import { outcomesId } from './outcomes.js';
import { coreId } from './core.js';
import { slackId } from './slack.js';
import { tenantsId } from './tenants.js';
import { discordId } from './discord.js';
import { renderId } from './render.js';
import { apiId } from './api.js';
import { rolesId } from './roles.js';
import { scheduleId } from './schedule.js';
import { plateId } from './plate.js';

export const id: Record<MessageKey, string> = {
  ...commandsId, // the commands' replies (commands-id.ts and the files it spreads)
  ...opsId,
  ...alertsId,
  ...consoleId,
  ...watchId,
  ...policyId,
  ...noticesId,
  ...trackingId,
  ...storyId, // the incident's story: timeline, export, catch-up, hand-off, notes
  ...outcomesId,
  ...coreId,
  ...slackId,
  ...scheduleId,
  ...tenantsId, // linking a workspace's / server's hosting API key (src/tenants/key-messages.ts)
  ...discordId,
  ...renderId,
  ...apiId,
  ...rolesId,
  ...plateId, // what is on a person's plate (src/core/plate: `me`, Slack's App Home)
  'status.running': 'Berjalan',
  'status.stopped': 'Berhenti',
  'status.stopping': 'Sedang berhenti',
  'status.starting': 'Sedang menyala',
  'status.creating': 'Sedang dibuat',
  'status.rebooting': 'Sedang dimulai ulang',
  'status.restoring': 'Sedang dipulihkan',
  'status.rolling back': 'Sedang dikembalikan',
  'status.terminating': 'Sedang dihapus',
  'status.terminated': 'Dihapus',
  'status.error': 'Galat',

  'field.instance': 'Instans',
  'field.status': 'Status',
  'field.publicIp': 'IP publik',
  'field.location': 'Lokasi',
  'field.tier': 'Paket',
  'field.cpu': 'CPU',
  'field.memory': 'Memori',
  'field.storage': 'Penyimpanan',
  'field.os': 'OS',
  'field.privateNetwork': 'Jaringan privat',
  'field.price': 'Harga',
  'field.created': 'Dibuat',
  'field.lastStarted': 'Terakhir dinyalakan',
  'field.uptime': 'Waktu aktif',
  'field.lastBackup': 'Cadangan terakhir',
  'instance.cpuDedicated': '{cpu} (khusus)',
  'instance.cpuShared': '{cpu} (berbagi)',
  'instance.backupNever': 'belum pernah',
  'instance.backupStale': '{when} ⚠ lebih dari sehari',
  'instance.price': '{hourly}/jam · perkiraan {monthly}/bulan',
  'instance.when': '{relative} ({date})',
  'ids.locationId': 'Id lokasi {id}',
  'ids.publicIpId': 'Id IP publik {id}',
  'ids.networkUuid': 'Uuid jaringan {id}',
  'ids.graphId': 'Id graf {id}',

  'stop.title': 'Hentikan {label}?',
  'stop.participle': 'dihentikan',
  'stop.already': '{label} sudah Berhenti (Stopped).',
  'stop.line': '{label} akan dimatikan ({status} → Stopped). Semua yang berjalan di dalamnya akan berhenti.',
  'stop.kept': 'Disk, IP publik, dan cadangannya tetap disimpan.',
  'stop.requested': 'Penghentian {label} diminta',
  'stop.stopping': '{label} sedang berhenti.',
  'delete.title': 'Hapus {label}?',
  'delete.already': '{label} sudah {status}.',
  'delete.line': '{label} ({status}) akan dihentikan dan dihapus.',
  'delete.noIp': 'Instans ini tidak punya IP publik.',
  'delete.ipReleased': 'IP publik {ip} akan dilepas.',
  'delete.ipKept': 'IP publik {ip} tetap disimpan (tambahkan --remove-ip untuk melepasnya).',
  'delete.storageDeleted': 'Block storage yang terpasang akan dihapus.',
  'delete.storageKept':
    'Block storage-nya tetap disimpan (tambahkan --remove-block-storage untuk menghapusnya).',
  'delete.requested': 'Penghapusan {label} diminta',
  'delete.terminating': '{label} sedang dihapus ({extras}).',
  'delete.extraIpReleased': 'IP publik dilepas',
  'delete.extraIpKept': 'IP publik disimpan',
  'delete.extraStorageDeleted': 'block storage dihapus',
  'delete.extraStorageKept': 'block storage disimpan',
  'preview.irreversible': 'Tindakan ini tidak dapat dibatalkan.',
  'preview.refuseGoing': '{label} berstatus {status} — tidak dapat {participle}.',

  'error.title.unknown-command': 'Perintah tidak dikenal',
  'error.title.usage': 'Cara pakai',
  'error.title.invalid-argument': 'Argumen tidak valid',
  'error.title.nothing-to-do': 'Tidak ada yang perlu dilakukan',
  'error.title.unknown-instance': 'Instans tidak dikenal',
  'error.title.ambiguous-instance': 'Beberapa instans cocok',
  'error.title.no-bound-instance': 'Instans yang mana?',
  'error.title.denied': 'Tidak diizinkan',
  'error.title.wrong-channel': 'Tidak di kanal ini',
  'error.title.not-requester': 'Bukan konfirmasi Anda',
  'error.title.needs-approver': 'Perlu penyetuju lain',
  'error.title.expired': 'Kedaluwarsa',
  'error.title.already-used': 'Sudah ditangani',
  'error.title.state-lost': 'Konfirmasi hilang',
  'error.title.typed-mismatch': 'Teks konfirmasi tidak cocok',
  'error.title.unknown-token': 'Konfirmasi tidak dikenal',
  'error.title.instance-busy': 'Server sedang sibuk',
  'error.title.outcome-unknown': 'Hasil percobaan sebelumnya belum diketahui',
  'error.title.not-found': 'Tidak ditemukan',
  'error.title.cannot-post': 'Saya tidak bisa mengirim pesan di sini',
  'error.title.other-tenant': 'Bukan konfirmasi workspace ini',
  'error.title.rate-limited': 'Pelan-pelan',
  'tenant.otherTenant':
    'Tombol ini milik {place, select, server {server} other {workspace}} lain — tidak ada yang dilakukan.',
  'tenant.otherTenantHint': 'Jalankan perintahnya lagi di sini.',
  'rate.user':
    'Pelan-pelan: Anda mengirim lebih dari {limit} perintah menit ini. Coba lagi dalam {seconds} detik.',
  'rate.tenant':
    'Pelan-pelan: workspace ini mengirim lebih dari {limit} perintah menit ini. Coba lagi dalam {seconds} detik.',
  'rate.hint': 'Tidak ada yang dilakukan; perintah tidak dijalankan.',
  'error.api.title': 'Galat API hosting',
  'error.api.retry': ' Coba lagi dalam sekitar {seconds} detik.',
  'error.internal.title': 'Terjadi kesalahan',
  'error.internal.line': 'Terjadi kesalahan (ref {ref}).',
  'error.internal.detail': 'Tidak ada info lain di sini; log bot mencatat detailnya dengan ref ini.',

  'card.requestedBy': 'Diminta oleh {requester}',
  'card.needsApproval': ' · perlu persetujuan: admin selain {requester} harus mengonfirmasi',
  'card.approve': 'Setujui',
  'card.confirm': 'Konfirmasi',
  'card.cancel': 'Batal',
  'card.typedTitle': 'Setujui {command}',
  'card.typedLabel': 'Ketik {name} untuk mengonfirmasi',
  'card.expired': 'Kedaluwarsa — tidak ada yang dilakukan.',
  'card.cancelled': 'Dibatalkan oleh {who} pukul {time} UTC — tidak ada yang dilakukan.',
  'card.confirmed': 'Dikonfirmasi oleh {who} pukul {time} UTC',
  'card.confirmedRequestedBy': ' · diminta oleh {requester}',
  'card.failed': 'Dikonfirmasi oleh {who} pukul {time} UTC — gagal.',

  'alert.groupReminder':
    '{count, plural, other {# server}} dalam badai ({traits}) masih gagal setelah {span}, dan belum ditanggapi.',
  'alert.oncall': 'Piket: {team}',
  'alert.oncallName': 'tim piket',
  'approval.request':
    '{requester} meminta persetujuan untuk {command}: admin selain dia dapat menekan Setujui di kartu.',
  'approval.requestDm':
    '{requester} meminta persetujuan untuk {command} di kanal {channel}: tekan Setujui di kartu di sana.',
  'approval.approvers': 'Penyetuju: {approvers}',
  'approval.expires': 'Menunggu penyetuju selama {span}.',

  'help.risk.read': 'baca — tidak mengubah apa pun',
  'help.risk.change': 'ubah — membuat perubahan, tanpa konfirmasi kecuali berbiaya',
  'help.risk.destructive': 'destruktif — menampilkan pratinjau dan menunggu Konfirmasi',
  'help.group.': 'Bot',
  'help.group.instance': 'Instans',
  'help.group.snapshot': 'Snapshot',
  'help.group.backup': 'Cadangan',
  'help.group.firewall': 'Firewall',
  'help.group.ip': 'IP publik',
  'help.group.network': 'Jaringan privat',
  'help.group.storage': 'Block storage',
  'help.group.os': 'Sistem operasi',
  'help.group.sshkey': 'Kunci SSH',
  'help.group.billing': 'Tagihan',
  'help.group.schedule': 'Jadwal',
  'help.column.usage': 'Cara pakai',
  'help.column.does': 'Fungsinya',
  'help.column.risk': 'Risiko',
  'help.column.actions': 'Aksi',
  'help.column.about': 'Tentang',
  'help.column.argument': 'Argumen',
  'help.column.required': 'Wajib',
  'help.column.meaning': 'Arti',
  'help.noGroup': '(tanpa grup)',
  'help.overview.title': 'Perintah vpsops',
  'help.overview.note':
    'Peran Anda ({role}) boleh menjalankan ini di sini · detail: /vps help <group>, mis. /vps help instance · /vps help <group> <action>',
  'help.overview.summary': '{count} perintah tersedia',
  'help.groupPage.title': 'Bantuan: {group}',
  'help.groupPage.details': 'Detail: /vps help {group} <action>',
  'help.command.examples': 'Contoh:',
  'help.command.private': 'Balasan ini hanya terlihat oleh Anda.',
  'help.arg.required': 'wajib',
  'help.arg.optional': 'opsional',
  'help.arg.bound': ' (kosongkan untuk memakai instans yang terikat ke kanal ini)',
  'help.arg.default': ' (bawaan {value})',
  // Alert groups and enrichment (src/watch: group-actions.ts, grouped-alerts.ts, alert-context.ts)
  'alertGroup.button.ack': 'Tangani',
  'alertGroup.button.snooze': 'Tunda 1 j',
  'alertGroup.button.silenceLocation': 'Senyapkan {location} 1 j',
  'alertGroup.button.members': 'Lihat anggota',
  'alertGroup.membersTitle': 'Semua server dalam gangguan ini ({traits})',
  'alertGroup.ackedBy': 'Ditangani oleh ',
  'alertGroup.snoozedBy': 'Ditunda oleh ',
  'alertGroup.acked':
    'Gangguan {count, plural, other {# server}} ({traits}) ditandai ditangani; tidak ada pengingat lagi.',
  'alertGroup.snoozed':
    'Pengingat gangguan {count, plural, other {# server}} ({traits}) ditunda selama {span}.',
  'alertGroup.alreadyAcked': 'Gangguan ini sudah ditangani — tidak ada yang dilakukan lagi.',
  'alertGroup.over': 'Gangguan ini sudah berakhir — tidak ada yang dilakukan.',
  'alertGroup.threadHead': 'Semua server dalam gangguan ini, bagian {part}',
  'alertGroup.restInThread': 'semua {count} ada di utas',
  'alertCard.lastChange': 'Perubahan terakhir lewat bot: {change}',
  'alertCard.button.runbook': 'Runbook',
  'alertCard.button.metrics': 'Metrik',
  'alertCard.button.silence': 'Senyapkan 1 j',
};
