// Bahasa Indonesia for console-en.ts: the same keys and placeholders. Commands and flags stay as typed.
import type { ConsoleKey } from './console-en.js';

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
};
