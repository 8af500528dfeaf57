// Bahasa Indonesia for console-en.ts: the same keys and placeholders. Commands and flags stay as typed.
import type { ConsoleKey } from '../en/console.js';

export const consoleId: Record<ConsoleKey, string> = {
  'console.banner.title': 'konsol vpsops {version}',
  'console.banner.simulator':
    'simulator bawaan di {url} (atur HOSTING_API_URL dan HOSTING_API_KEY untuk API sungguhan)',
  'console.banner.remote': 'API hosting di {host}',
  'console.banner.noPolicy':
    'tidak ada — bawaan: pengguna konsol adalah admin, pengguna Slack/Discord adalah viewer',
  'console.banner.backend': 'Backend',
  'console.banner.policy': 'Kebijakan',
  'console.banner.data': 'Data',
  'console.banner.log': 'Log',
  'console.banner.you': 'Anda',
  'console.banner.noRole': 'tanpa peran',
  'console.banner.hint': 'Ketik help untuk daftar perintah, Tab untuk melengkapi, exit untuk keluar.',
  'exec.strayOption':
    'Opsi {option} tidak dikenal untuk exec (opsi: --confirm, --as, --wait, --json, --locale)',
  'exec.badAs':
    '--as menerima nama pengguna konsol (huruf, angka, . _ -), dicocokkan di kebijakan sebagai console:<name>; diberikan "{value}"',
  'exec.asApproves':
    '--as tidak dapat menyetujui: persetujuan datang dari pengguna OS ({user}) atau VPSOPS_CONSOLE_USER. Tidak ada yang diubah.',
  'exec.unknownLocale':
    '--locale "{value}" tidak dikenal: yang didukung {supported}. Tidak ada yang dijalankan.',
  'exec.nothingToRun': 'Tidak ada yang dijalankan. Coba: vpsops exec "help"',
  'exec.confirmInside': 'letakkan --confirm di luar tanda kutip: {line}',
  'exec.needsConfirm': 'Tidak ada yang diubah. Untuk melakukannya, jalankan: {line}',
  'exec.secondPerson':
    'Belum ada yang diubah: ini perlu orang kedua. Admin selain Anda menyetujuinya dengan: {line} (sebelum kedaluwarsa).',
  'exec.confirmMismatch':
    '--confirm {value} tidak cocok: --confirm harus menyebut {expected}. Tidak ada yang diubah.',
  'exec.confirmMismatchUuid':
    '--confirm {value} tidak cocok: --confirm harus menyebut {expected} (atau uuid-nya). Tidak ada yang diubah.',
  'exec.noPending':
    'Tidak ada permintaan tertunda dengan token {token} (mungkin sudah kedaluwarsa atau sudah dijawab).',
  'exec.otherPlatform': 'Permintaan itu dibuat di {platform}; setujui di kartunya di sana.',
  'exec.toApprove': 'Tidak ada yang diubah. Untuk menyetujui, jalankan: {line}',
  'console.typeToApprove': 'Ketik {expected} untuk menyetujuinya (atau tekan Enter untuk membatalkan): ',
  'console.typeToVerb': 'Ketik {expected} untuk menjalankan {verb} (atau tekan Enter untuk membatalkan): ',
  'console.typeToConfirm': 'Ketik {expected} untuk mengonfirmasi (atau tekan Enter untuk membatalkan): ',
  'console.typedOrCancel': '{label} (atau tekan Enter untuk membatalkan): ',
  'console.notApproved':
    'Tidak disetujui — tidak ada yang dilakukan. Permintaan tetap terbuka sampai kedaluwarsa.',
  'console.secondPerson':
    'Belum ada yang diubah: ini perlu orang kedua. Admin selain Anda menyetujuinya sebelum kedaluwarsa, dengan mengetik `approve {token}` di konsolnya atau menjalankan {line}',
  'console.answeredElsewhere': 'Konfirmasi itu sudah dijawab di tempat lain — tidak ada lagi yang dikirim.',
  'console.expiredAt': 'Konfirmasi itu kedaluwarsa pukul {time} — jalankan perintahnya lagi.',
  'console.confirmYN': 'Konfirmasi? [y/N] ',
  'register.changed': '/vps terdaftar ({count} perintah) {where}.',
  'register.unchanged': '/vps sudah mutakhir {where} ({count} perintah); tidak ada yang berubah.',
  'register.guild': 'di guild {guild}',
  'register.globally': 'secara global',
  'console.crashed': 'Terjadi kesalahan: perintah tidak selesai. Tidak ada lagi yang dikirim.',
};
