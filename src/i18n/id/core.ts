// Bahasa Indonesia for core-en.ts: the same keys and placeholders. Commands, flags and API status
// words stay as typed.
import type { CoreKey } from '../en/core.js';

export const coreId: Record<CoreKey, string> = {
  'instance.ref.sameHostname': '`{text}` adalah hostname dari {count} instance:\n{lines}',
  'instance.ref.startsHostnames': '`{text}` mengawali hostname {count} instance:\n{lines}',
  'instance.ref.startsIds': '`{prefix}` mengawali id {count} instance:\n{lines}',
  'instance.ref.more': '• … dan {count} lainnya',
  'instance.ref.ambiguousHint':
    'Ketik hostname lengkapnya, uuid-nya (atau 8 karakter pertamanya), atau tambahkan alias di file policy.',
  'instance.ref.sameHostnameHint':
    'Gunakan uuid-nya (atau 8 karakter pertamanya), atau tambahkan alias di file policy. `instance show <uuid>` menampilkan IP dan lokasi masing-masing.',
  'instance.ref.unknown': 'Instance `{name}` tidak dikenal.{suggestion}',
  'instance.ref.didYouMean': ' Maksud Anda {names}?',
  'instance.ref.unknownHint':
    'Saya belum pernah melihat {named, select, yes {instance bernama {name}} other {instance dengan nama itu}}.{listFailed, select, yes { Daftar instance tidak dapat dibaca saat ini.} other {}} Gunakan uuid-nya, tambahkan alias di file policy, atau tampilkan instance tanpa IP publik dengan `instance no-ip <location-id>`.',
  'instance.ref.noPrefix': 'Tidak ada instance yang saya kenal dengan id berawalan `{prefix}`.',
  'instance.ref.noPrefixHint': 'Gunakan uuid lengkap, atau hostname yang pernah dilihat bot.',
  'instance.ref.morePrefix': 'Ketik lebih banyak karakter uuid-nya.',
  'instance.ref.which':
    'Instance yang mana? Berikan <{arg}>, mis. `{example}`, atau ikat satu instance ke kanal ini dengan `use web-1`.',
  'seenIds.didYouMean': 'Maksud Anda {ids}? (id {kind} yang baru-baru ini terlihat)',
  'seenIds.or': 'atau',
  'policy.deny.billing':
    '`{path}` menampilkan tagihan akun, yang tanpa file policy hanya boleh dilihat admin: peran Anda {role}.',
  'policy.deny.billingHint':
    'Berikan peran di file policy (VPSOPS_POLICY), atau ketik `/vps help` untuk melihat apa yang bisa Anda jalankan.',
  'policy.deny.role':
    'Anda tidak boleh menjalankan `{path}` (perintah {risk, select, read {baca} change {perubahan} other {destruktif}}): {hasRole, select, yes {peran Anda {role}} other {Anda tidak punya peran di policy}}.',
  'policy.deny.roleHint':
    'Minta admin memberi Anda peran operator, atau ketik `/vps help` untuk melihat apa yang bisa Anda jalankan.',
  'policy.deny.channel':
    '`{path}` tidak diizinkan di kanal ini: perintah {risk, select, change {perubahan} other {destruktif}} hanya berjalan di kanal yang tercantum di policy.',
  'policy.deny.channelHint': 'Jalankan dari kanal insiden yang tercantum di policy.',
  'policy.roleNone': 'tidak ada',
  'confirm.gone': '`{command}` tidak tersedia lagi.',
  'card.summary': 'Setujui {command}',
  'lease.busy':
    '{label} sedang sibuk: {what} sudah dikonfirmasi{by}{since} dan belum selesai — tidak ada yang dilakukan.',
  'lease.by': ' oleh {who}',
  'lease.since': ' sejak {time} UTC',
  'lease.anotherAction': 'tindakan lain',
  'lease.busyHint':
    'Kartu ini tetap terbuka: konfirmasi lagi setelah operasi itu selesai, bila masih diperlukan.',
  'hold.refused':
    '{label} ditahan: `{command}` oleh {who} pada {time} UTC belum diketahui hasilnya — tidak ada yang dilakukan, agar tidak berjalan dua kali.',
  'hold.refusedHint':
    '{check} Ditahan sampai bot melihat hasilnya (tekan Periksa sekarang, atau jalankan `{checkCommand}`), paling lama sampai {until} UTC.',
  'hold.checkNow': 'Periksa sekarang',
  'hold.lifted': 'Tidak ada operasi yang berjalan di {label}: `{command}` tidak ditahan lagi. {check}',
  'hold.still':
    '{label} masih menunjukkan operasi yang berjalan ({status}): `{command}` tetap ditahan, paling lama sampai {until} UTC.',
  'hold.unreadable':
    'Keadaan {label} tidak dapat dibaca: `{command}` tetap ditahan, paling lama sampai {until} UTC.',
  'hold.none': 'Tidak ada yang ditahan di {label}.',
  'outbound.simulatorMarker':
    '🧪 Simulator — server karangan, tidak ada yang nyata diubah (HOSTING_API_URL=simulator)',
};
