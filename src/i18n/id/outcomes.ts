// Bahasa Indonesia for outcomes-en.ts: the same keys and placeholders. Commands stay as typed.
import type { OutcomesKey } from '../en/outcomes.js';

export const outcomesId: Record<OutcomesKey, string> = {
  'unknown.title': 'Hasil tidak diketahui',
  'unknown.titleInterrupted': 'Hasil tidak diketahui (terputus)',
  'unknown.line': '`{path}` mungkin sudah terjadi, mungkin juga belum: {said}',
  'unknown.summary': 'Hasil tidak diketahui — `{path}` mungkin sudah terjadi. {check}',
  'unknown.summaryInterrupted': 'Hasil tidak diketahui (terputus) — `{path}` mungkin sudah terjadi. {check}',
  'unknown.interrupted':
    '`{path}` dikonfirmasi oleh {who} pukul {time} UTC, tetapi bot berhenti sebelum API hosting menjawab. Mungkin sudah terjadi, mungkin juga belum.',
  'unknown.checkWith': 'Periksa {check} dengan `{command}`.',
  'unknown.check': 'Periksa {check}.',
  'unknown.doNotRepeat':
    'Jangan jalankan lagi begitu saja: jika ternyata sudah terjadi, mengulanginya bisa melakukannya dua kali.',
  'unknown.hintInstance': 'apa yang ditampilkan {instance} sekarang',
  'unknown.hintPath': 'apakah `{path}` sudah berlaku (di panel penyedia hosting)',
  'unknown.check.restoring': 'apakah {instance} berstatus Restoring (atau baru saja dipulihkan)',
  'unknown.check.backupListed': 'apakah backup {backup} masih tercantum',
  'unknown.check.ipset':
    'apakah IPSet {name} ada di {instance} (di panel penyedia hosting; menjalankannya lagi ditolak bila sudah ada)',
  'unknown.check.stopped': 'apakah {instance} berstatus Stopped atau Stopping',
  'unknown.check.started': 'apakah {instance} berstatus Starting atau Running',
  'unknown.check.restarted':
    'apakah {instance} sedang dimulai ulang (Stopping, Starting) atau sudah Running lagi',
  'unknown.check.terminating': 'apakah {instance} berstatus Terminating atau sudah tidak ada',
  'unknown.check.console': 'apakah {instance} berstatus Running (sesi konsol baru tidak berbahaya)',
  'unknown.check.ipAdded': 'apakah {instance} kini punya IP publik (IP kedua juga ditagih)',
  'unknown.check.ipMoved': 'apakah {instance} kini memegang IP publik {ip}',
  'unknown.check.network':
    'apakah {instance} tercantum di jaringan itu (mengulanginya akan membalikkannya lagi)',
  'unknown.check.snapshot':
    'apakah snapshot {snapshot} milik {instance} masih ada (di panel penyedia hosting — API tidak dapat menampilkan daftar snapshot)',
  'unknown.check.rollingBack': 'apakah {instance} berstatus Rolling back (atau baru saja di-rollback)',
  'unknown.check.volume':
    'panel penyedia hosting untuk volume bernama {name} (API tidak dapat menampilkan daftar block storage, dan pembuatan kedua ditagih dua kali)',
  'unknown.confirmedBy': 'Dikonfirmasi oleh {who} pukul {time} UTC — hasil tidak diketahui.',
  'late.expired': 'Konfirmasi ini kedaluwarsa pukul {time} UTC — tidak ada yang dilakukan.',
  'late.runAgain': 'Jalankan perintahnya lagi.',
  'late.confirmed': 'Sudah dikonfirmasi oleh {who} — tidak ada lagi yang dilakukan.',
  'late.confirmedAt': 'Sudah dikonfirmasi oleh {who} pukul {time} UTC — tidak ada lagi yang dilakukan.',
  'late.cancelled': 'Sudah dibatalkan oleh {who} — tidak ada yang dilakukan.',
  'late.cancelledAt': 'Sudah dibatalkan oleh {who} pukul {time} UTC — tidak ada yang dilakukan.',
  'late.handled': 'Aksi ini sudah ditangani — tidak ada lagi yang dilakukan.',
  'late.lost': 'Konfirmasi ini hilang bersama data bot — tidak ada yang dijalankan.',
  'late.someone': 'seseorang',
  'click.typedMismatch':
    'Tidak cocok — ketik {expected} persis untuk mengonfirmasi. Tidak ada yang dilakukan.',
  'click.typedMismatchHint': 'Anda bisa mencoba lagi sampai konfirmasi kedaluwarsa.',
  'click.theTarget': 'targetnya',
  'click.unknownToken': 'Konfirmasi ini tidak dikenal (atau terlalu lama untuk diingat).',
  'click.expired': 'Konfirmasi ini sudah kedaluwarsa — tidak ada yang dilakukan.',
  'click.stalePreview': 'Pratinjau ini tidak berlaku lagi: {reason} Tidak ada yang dilakukan.',
  'click.stalePreviewHint': 'Jalankan perintahnya lagi untuk pratinjau baru.',
  'click.auditUnavailable':
    'Log audit tidak dapat ditulis, jadi API hosting tidak dipanggil — tidak ada yang dilakukan.',
  'click.wrongChannel': 'Konfirmasi ini milik kanal lain — tidak ada yang dilakukan.',
  'click.wrongChannelHint': 'Jawab di kartu tempat konfirmasi itu diminta.',
  'click.onlyRequesterOrAdminCancels':
    'Hanya {who}, yang memintanya, atau seorang admin yang dapat membatalkan ini.',
  'click.needsSecondPerson': '`{command}` perlu orang kedua: admin selain Anda harus mengonfirmasinya.',
  'click.onlyOtherAdmin': 'Hanya admin selain {who} yang dapat menyetujui `{command}`.',
  'click.onlyRequester': 'Hanya {who}, yang memintanya, yang dapat mengonfirmasi ini.',
  'click.notDone': 'Tidak dilakukan',
  'error.api.code.UNAUTHORIZED': 'API hosting menolak kunci API bot',
  'error.api.code.FORBIDDEN': 'API hosting menolak operasi ini',
  'error.api.code.NOT_FOUND': 'API hosting tidak mengenal sumber daya itu',
  'error.api.code.INVALID_INPUT': 'API hosting menolak masukan ini',
  'error.api.code.CONFLICT': 'Keadaan sumber daya ini tidak mengizinkannya',
  'error.api.code.RATE_LIMITED': 'API hosting sedang membatasi laju permintaan bot',
  'error.api.code.UPSTREAM_ERROR': 'API hosting gagal',
  'error.api.code.UPSTREAM_INVALID': 'API hosting mengirim jawaban yang tidak dapat dipakai bot',
  'error.api.code.TIMEOUT': 'API hosting tidak menjawab tepat waktu',
  'error.api.code.NETWORK': 'API hosting tidak dapat dihubungi',
};
