// Bahasa Indonesia for the hints under a hosting-API error: the same keys and placeholders as
// replies-en.ts. Commands stay as typed.
import type { repliesEn } from '../en/replies.js';

export const repliesId: Record<keyof typeof repliesEn, string> = {
  'hint.noun.snapshot': 'snapshot',
  'hint.noun.backup': 'cadangan',
  'hint.noun.publicIp': 'IP publik',
  'hint.noun.network': 'jaringan privat',
  'hint.noun.networkId': 'id jaringan privat',
  'hint.noun.vmId': 'id VM',
  'hint.noun.locationId': 'id lokasi',
  'hint.noun.location': 'lokasi',
  'hint.notFound': 'API hosting tidak mengenal {noun}{which}{where} itu.{next}',
  'hint.onInstance': ' di {instance}',
  'hint.backupList': ' `backup list {instance}` menampilkan cadangan yang ada.',
  'hint.checkId': ' Periksa id-nya lalu coba lagi.',
  'hint.instanceGone':
    'API hosting tidak mengenal instans{named} itu — mungkin sudah dihapus. Periksa uuid-nya, atau tampilkan instans tanpa IP publik dengan `instance no-ip <location-id>`.',
  'hint.notFoundAny': 'API hosting tidak mengenal yang diminta perintah ini. Periksa id-nya lalu coba lagi.',
  'hint.noLongerExists': '{instance} sudah tidak ada: {said}',
  'hint.unauthorized': 'Kunci API hosting milik bot perlu diperbaiki — beri tahu pengelola bot.',
  'hint.forbidden': 'Kunci API bot mungkin tidak berhak menjalankan operasi ini.',
  'hint.invalidInputPath': 'Periksa argumennya — `/vps help {path}` menunjukkan yang diharapkan.',
  'hint.invalidInput': 'Periksa argumennya — `/vps help` menampilkan perintah dan argumen yang diharapkan.',
  'hint.conflictShow': 'Periksa keadaan terkini dengan {show} lalu coba lagi saat memungkinkan.',
  'hint.conflict': 'Sumber daya sedang sibuk atau dalam keadaan yang salah; coba lagi saat memungkinkan.',
  'hint.rateLimited': 'Tunggu sebentar lalu coba lagi.',
  'hint.upstream': 'Coba lagi dalam semenit; bila terus terjadi, periksa status penyedia hosting.',
  'hint.upstreamInvalid': 'Coba lagi dalam semenit; bila terus terjadi, laporkan ke pengelola bot.',
  'hint.timeoutNothingSent':
    'Coba lagi dalam semenit: tidak ada yang terkirim yang mengubah sesuatu. Bila terus terjadi, API hosting sedang bermasalah.',
  'hint.timeoutShow': 'Coba lagi dalam semenit; operasinya mungkin tetap terjadi — periksa dengan {show}.',
  'hint.timeout': 'Coba lagi dalam semenit; operasinya mungkin tetap terjadi.',
  'hint.network': 'Coba lagi dalam semenit; bila terus terjadi, periksa koneksi bot ke API hosting.',

  'slow.summary': 'Masih diproses…',
  'slow.note': '⏳ Masih memproses `{command}`…',
  'slow.previewOnly':
    'Bot hanya membaca untuk pratinjau, jadi tidak ada yang dikirim dan tidak ada yang diubah.',
  'slow.readOnly': 'Perintah ini hanya membaca, jadi tidak ada yang diubah.',
  'slow.title': 'API hosting tidak menjawab tepat waktu',
  'slow.noAnswer': 'Tidak ada jawaban dalam {seconds} detik',
  'slow.line':
    '`{command}` tidak mendapat jawaban dari API hosting dalam {seconds} detik, jadi bot berhenti menunggu. {why}',
  'slow.hint': 'Coba lagi dalam semenit; bila terus terjadi, API hosting sedang bermasalah.',

  'store.unknown':
    'Penyimpanan status bot berhenti menjawab di tengah permintaan ini, jadi tidak diketahui apakah permintaan itu berlaku.',
  'store.confirmationsPaused':
    '⏸ Penyimpanan status bot tidak menjawab: jawaban ini langsung dari API hosting, dan konfirmasi dijeda sampai penyimpanan kembali.',
  'store.unreachable':
    'Penyimpanan status bot tidak dapat dijangkau, jadi ini tidak dijalankan; tidak ada yang diubah.',
  'store.checkFirst':
    'Periksa keadaan terkini (mis. instance show) sebelum mencoba lagi; bot tersambung ulang sendiri.',
  'store.tryAgain':
    'Coba lagi sebentar lagi; bot tersambung ulang sendiri. Bila terus terjadi, pengelola bot perlu memeriksa Redis.',
  'store.title': 'Penyimpanan status tidak terjangkau',
  'store.unsafe':
    'Penyimpanan status bot saat ini tidak dapat menyimpan konfirmasi dengan aman: tidak ada yang dijalankan.',
  'store.cannotWrite': 'Penyimpanan status bot tidak dapat menulis: tidak ada yang dijalankan.',
  'store.cannotWriteTitle': 'Penyimpanan status gagal menulis',
  'store.operator': 'Pengelola bot perlu memeriksa penyimpanan statusnya (lihat /readyz dan log).',
};
