// Bahasa Indonesia for ops-en.ts: the same keys and placeholders. Commands and flags stay as typed.
import type { OpsKey } from './ops-en.js';

export const opsId: Record<OpsKey, string> = {
  'notice.instance stop': 'menghentikan {target}',
  'notice.instance delete': 'menghapus {target}',
  'notice.ip move': 'memindahkan IP publik ke {target}',
  'notice.backup restore': 'memulihkan cadangan ke {target}',
  'notice.backup delete': 'menghapus cadangan {target}',
  'notice.snapshot delete': 'menghapus snapshot {target}',
  'notice.snapshot rollback': 'mengembalikan {target} ke snapshot',
  'notice.network attach': 'menyambungkan jaringan privat ke {target}',
  'notice.network detach': 'memutus jaringan privat dari {target}',
  'notice.ran': 'menjalankan {command}',
  'notice.ranOn': 'menjalankan {command} pada {target}',
  'notice.confirmed': '{who} {what} (dikonfirmasi {time} UTC)',
  'notice.approved': '{who} {what} (disetujui oleh {approver} {time} UTC)',

  'language.title': 'Bahasa kanal',
  'language.channel':
    'Pesan publik di kanal ini (pemberitahuan, peringatan) memakai {language}, diatur oleh {who} {when}.',
  'language.default':
    'Pesan publik di kanal ini (pemberitahuan, peringatan) memakai {language}, bawaan bot. Admin menggantinya dengan /vps language id atau /vps language en.',
  'language.private': 'Balasan pribadi selalu memakai bahasa masing-masing orang.',
  'language.set.title': 'Bahasa kanal diatur',
  'language.set': 'Pesan publik di kanal ini (pemberitahuan, peringatan) kini memakai {language}.',
  'language.unchanged': 'Kanal ini sudah memakai {language}. Tidak ada yang berubah.',
  'language.unknown': 'Bahasa “{value}” tidak dikenal: yang didukung {supported}. Tidak ada yang berubah.',
  'language.unknownHint': 'Coba: /vps language id',
  'language.adminsOnly':
    'Hanya admin yang dapat mengganti bahasa kanal (peran Anda: {role}). Tidak ada yang berubah.',
  'language.name.en': 'English',
  'language.name.id': 'Bahasa Indonesia',
  'discord.root': 'Jalankan layanan hosting server virtual',
  'discord.group': 'Perintah {group}: {subs}',
};
