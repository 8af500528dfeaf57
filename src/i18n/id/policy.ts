// Bahasa Indonesia for policy-en.ts: the same keys and placeholders. Commands and role names stay as typed.
import type { PolicyKey } from '../en/policy.js';

export const policyId: Record<PolicyKey, string> = {
  'policy.title': 'Peran di sini',
  'policy.role': '{role}: ',
  'policy.nobody': '{role}: belum ada yang ditunjuk',
  'policy.defaultAdmins':
    'Admin juga: siapa pun yang memasang aplikasi, dan {platform, select, discord {anggota server dengan izin Administrator atau Manage Server} other {admin dan pemilik workspace}}. Selain itu semua orang adalah viewer.',
  'policy.howToSet': 'Admin mengubah peran dengan `policy set <role> <members…>` (`none` mengosongkannya).',
  'policy.fromFile':
    'Peran berasal dari berkas kebijakan {path}; ubah di sana (berkas dibaca ulang dalam beberapa detik).',
  'policy.defaults':
    'Tidak ada berkas kebijakan: pengguna konsol adalah admin dan pengguna chat viewer. Berikan peran di berkas kebijakan (VPSOPS_POLICY).',
  'policy.fileWins':
    'Peran berasal dari berkas kebijakan {path}, yang mengalahkan `policy set` — tidak ada yang berubah. Ubah berkasnya saja.',
  'policy.noTenant':
    '`policy set` mengubah peran milik sebuah workspace atau server, yang hanya disimpan bila bot melayani banyak workspace/server; di sini peran berasal dari berkas kebijakan (VPSOPS_POLICY). Tidak ada yang berubah.',
  'policy.adminsOnly':
    'Hanya admin di sini yang boleh mengubah peran: peran Anda {role}. Tidak ada yang berubah.',
  'policy.badMember':
    '`{word}` bukan anggota: {platform, select, slack {sebut orang dengan id anggota (U0123ABCD: profil → Copy member ID; @nama yang diketik hanya teks bagi bot) dan grup pengguna sebagai subteam:S0123ABCD} discord {sebut orang dengan mention atau id pengguna, dan peran sebagai role:<id> atau mention peran} other {sebut orang dengan id penggunanya}}. Tidak ada yang berubah.',
  'policy.mixedNone': '`none` mengosongkan peran dan harus berdiri sendiri. Tidak ada yang berubah.',
  'policy.unchanged': '{role} sudah berisi tepat anggota ini — tidak ada yang berubah.',
  'policy.set.title': 'Peran diubah',
  'policy.set.emptied': '{role} kini tidak berisi siapa pun.',
  'policy.set.now': '{role} kini: ',
};
