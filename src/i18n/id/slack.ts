// Bahasa Indonesia for slack-en.ts: the same keys and placeholders. Commands stay as typed.
import type { SlackKey } from '../en/slack.js';

export const slackId: Record<SlackKey, string> = {
  'slack.failed':
    'Gagal menjawab di Slack, jadi belum diketahui apakah perintahnya sudah berjalan. Periksa dulu sebelum menjalankannya lagi.',
  'slack.dialogNotOpened': 'Dialog konfirmasi tidak dapat dibuka tepat waktu. Klik {button} lagi.',
  'slack.typed.genericLabel': 'Ketik nama yang tertera di kartu untuk mengonfirmasi',
  'slack.typed.mismatch':
    'Tidak cocok — ketik {expected} persis seperti itu untuk mengonfirmasi. Tidak ada yang dilakukan.',
  'slack.typed.mismatchLong': 'Tidak cocok dengan nama di kartu. Tidak ada yang dilakukan.',
  'slack.page.marker': 'Halaman {page} dari {pages}',
  'slack.page.dropped': '{count, plural, other {# blok lagi}} tidak ditampilkan',
  'slack.page.fallback': ' (halaman {page})',
  'slack.card.expires': 'Kedaluwarsa {when}',
  'slack.chart.private':
    'Grafik tidak dapat ditampilkan dalam balasan pribadi; jalankan perintahnya di kanal untuk melihatnya.',
  'slack.chart.uploadFailed': 'Grafik tidak dapat diunggah ke Slack.',
  'slack.lastUse':
    'Slack tidak mengizinkan pembaruan lagi untuk pesan ini. Undang saya ke kanal ini (`/invite`) agar saya bisa mengirim pesan dan terus memperbarui kartu di sini.',
  'slack.install.doneTitle': 'vpsops sudah terpasang',
  'slack.install.doneText': 'Jalankan /vps connect di Slack untuk menautkan kunci API hosting Anda.',
  'slack.install.orgTitle': 'Pemasangan untuk seluruh organisasi belum didukung',
  'slack.install.orgText':
    'vpsops belum dapat dipasang di seluruh organisasi Enterprise Grid sekaligus. Pasang di setiap workspace saja.',
  'slack.install.failedTitle': 'Pemasangan gagal',
  'slack.install.failedText': 'Tidak ada yang dipasang. Mulai lagi dari halaman pemasangan.',
  'slack.home.deny': 'Tolak',
  'slack.home.more': '{count} lagi menunggu — `/vps me` menampilkan semuanya.',
  'slack.home.updated': 'Diperbarui {when}',
};
