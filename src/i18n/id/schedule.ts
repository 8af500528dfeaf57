// Indonesian texts of schedule / schedules / unschedule and of a schedule's run; the same keys as
// en/schedule.ts. Commands stay as typed.
import type { scheduleEn } from '../en/schedule.js';

export const scheduleId: Record<keyof typeof scheduleEn, string> = {
  'error.title.no-schedule-runner': 'Tidak ada yang menjalankan jadwal di sini',
  'schedule.badDuration': '“{when}” bukan durasi — tidak ada yang dijadwalkan.',
  'schedule.badTime': '“{when}” bukan waktu — tidak ada yang dijadwalkan.',
  'schedule.past': '{when} sudah lewat (sekarang {now}) — tidak ada yang dijadwalkan.',
  'schedule.tooFar': '{when} lebih dari 30 hari lagi — tidak ada yang dijadwalkan.',
  'schedule.timeHint':
    'Coba: schedule in 90m instance stop web-1 · schedule at 02:00 instance stop web-1 · schedule at 2026-12-01T02:00+07:00 instance stop web-1',
  'schedule.onlyChanges': '`{command}` tidak mengubah apa pun, jadi tidak ada yang perlu dijadwalkan.',
  'schedule.onlyChangesHint':
    'Hanya perintah yang mengubah sesuatu yang bisa dijadwalkan, mis. schedule in 30m instance stop web-1. Jalankan perintah baca sekarang.',
  'schedule.noRunner':
    'Tidak ada yang akan menjalankannya: jadwal dijalankan oleh `vpsops serve`, dan tidak ada serve yang menjalankannya di penyimpanan ini — tidak ada yang dijadwalkan.',
  'schedule.noRunnerHint':
    'Jadwalkan dari Slack atau Discord, atau arahkan konsol ini ke penyimpanan Redis yang dipakai `vpsops serve` yang berjalan (REDIS_URL).',
  'schedule.previewNote':
    '⏰ Bukan sekarang: ini berjalan pada {when} ({span} lagi). Konfirmasi menjadwalkannya; tidak ada yang terjadi sebelum itu.',
  'schedule.by': 'Dijadwalkan oleh {requester}',
  'schedule.byApproved': 'Dijadwalkan oleh {requester}, disetujui oleh {approver}',
  'schedule.scheduledTitle': '⏰ Dijadwalkan: {action}',
  'schedule.scheduledBody':
    'Berjalan pada {when} ({span} lagi). Id {id} — batalkan dengan `unschedule {id}`; lihat semuanya dengan `schedules`.',
  'schedule.runningTitle': '⏰ {action}',
  'schedule.checking': 'Sudah waktunya: memeriksa server sebelum dijalankan…',
  'schedule.skippedTitle': '⏰ Dilewati: {action}',
  'schedule.skipped': 'Tidak dijalankan: {reason}',
  'schedule.missedTitle': '⏰ Terlewat: {action}',
  'schedule.missed':
    'Jadwalnya {when}, tetapi tidak ada proses bot yang menyala untuk menjalankannya; ditemukan {late} terlambat, melewati masa tenggang, jadi tidak dijalankan. Jadwalkan lagi bila masih diperlukan.',
  'schedule.gone': '{target} sudah tidak ada di akun ini.',
  'schedule.quietReason': '{command} terjadwal oleh @{who}',
  'schedule.quiet':
    '🔕 Peringatan {what} dibisukan sampai server itu Running lagi, lalu {span} lagi (tetap dicatat, tidak diposting dan tidak di-page; lihat `silences`).',
  'schedule.quietStop':
    '🔕 Peringatan {what} dibisukan sampai ada yang menyalakannya dan server itu Running lagi, lalu {span} lagi — paling lama 7 hari (tetap dicatat, tidak diposting dan tidak di-page; akhiri dengan `unsilence {what}`).',
  'schedule.quietStory': 'sampai Running lagi + {span} · {reason}',
  'schedule.quietMinutes': '{n} menit',
  'schedule.quietSeconds': '{n} detik',
  'schedule.listTitle': 'Terjadwal di kanal ini ({count})',
  'schedule.listNote': 'Batalkan dengan `unschedule <id>` (yang menjadwalkannya, atau admin).',
  'schedule.noneTitle': 'Tidak ada jadwal di sini',
  'schedule.none':
    'Tidak ada tindakan yang menunggu waktunya di kanal ini. Coba: schedule in 30m instance stop web-1',
  'schedule.column.id': 'Id',
  'schedule.column.when': 'Kapan',
  'schedule.column.action': 'Tindakan',
  'schedule.column.by': 'Diminta oleh',
  'schedule.column.approvedBy': 'Disetujui oleh',
  'schedule.notFound': 'Tidak ada jadwal {id} yang menunggu di kanal ini — tidak ada yang berubah.',
  'schedule.notFoundHint': 'Lihat yang terjadwal di sini: schedules',
  'schedule.notAllowed':
    'Hanya {requester}, yang menjadwalkannya, atau admin yang boleh membatalkannya — tidak ada yang berubah.',
  'schedule.running': 'Jadwal {id} sedang dijalankan — tidak bisa dibatalkan lagi.',
  'schedule.unscheduledTitle': 'Jadwal dibatalkan: {action}',
  'schedule.unscheduled': 'Jadwalnya {when}; tidak akan dijalankan.',
};
