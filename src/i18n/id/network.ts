// Bahasa Indonesia for the network, public IP, firewall, block storage, OS and SSH key commands:
// the same keys and placeholders as network-en.ts. Commands and flags stay as typed.
import type { networkEn } from '../en/network.js';

export const networkId: Record<keyof typeof networkEn, string> = {
  'network.alreadyAttached': '{label} sudah terhubung ke {name}.',
  'network.detachHint': 'Untuk melepasnya: /vps network detach {label} {uuid}',
  'network.uuidOf': '<uuid {name}>',
  'network.detachFirst': '{label} terhubung ke {current}; lepas dulu dengan `network detach {label} {arg}`.',
  'network.uuidUnknown':
    'Detail instans menyebut nama jaringannya tetapi bukan uuid-nya, dan API tidak dapat menampilkan daftar jaringan; ambil uuid dari panel penyedia.',
  'network.notAttachedAny': '{label} tidak terhubung ke jaringan privat mana pun.',
  'network.attachedOther': '{label} terhubung ke {current}, bukan {name}.',
  'network.attach.line': '{label} akan dihubungkan ke jaringan privat {name}.',
  'network.detach.line': '{label} akan dilepas dari jaringan privat {name}.',
  'network.detach.loses':
    'Alamat privatnya di jaringan itu hilang; layanan yang menghubunginya lewat jaringan itu tidak lagi menjangkaunya.',
  'network.attach.title': 'Hubungkan {label} ke {name}?',
  'network.detach.title': 'Lepas {label} dari {name}?',
  'network.now': 'Jaringan privat kini',
  'network.attach.done': '{label} terhubung ke {name}',
  'network.detach.done': '{label} dilepas dari {name}',
  'network.show.title': 'Jaringan privat {name}',
  'network.gatewayNone': 'tidak ada',
  'network.locationId': '{name} (id {id})',
  'network.activeInstances': 'Instans aktif',
  'network.gateway': 'Gateway',
  'network.tagVid': 'Tag / VID',
  'network.lastUpdate': 'Terakhir diperbarui',
  'network.graph.title': 'Topologi jaringan privat {id}',
  'network.graph.empty': 'Jaringan ini tidak memiliki node.',

  'ip.already': '{label} sudah memiliki IP publik {ip}.',
  'ip.add.title': 'Tambahkan IP publik ke {label}?',
  'ip.add.line': 'Alamat IP publik baru akan diberikan ke {label}.',
  'ip.add.billed': 'IP publik ditagih selama terpasang.',
  'ip.add.done': 'IP publik {ip} ditambahkan ke {label}',
  'ip.add.reachable': '{label} dapat dijangkau di {ip}.',
  'ip.move.alreadyThere': 'IP itu ({ip}) sudah ada di {label}.',
  'ip.move.goingAway': '{label} berstatus {status} — pilih tujuan lain.',
  'ip.move.line': 'IP publik {ip} akan dipindahkan ke {label}.',
  'ip.move.unknownAddress':
    'API hosting tidak dapat mencari IP publik berdasarkan id-nya, jadi vpsops tidak dapat menyebut alamat mana ini atau instans mana yang memegangnya sekarang (`instance show <instance>` menampilkan id IP publik sebuah instans).',
  'ip.move.loses':
    'Instans yang memegangnya sekarang kehilangan alamat itu; lalu lintasnya beralih ke pemegang baru.',
  'ip.move.note': 'Catatan: {label} sudah memiliki IP publik {ip}.',
  'ip.move.undo': 'Untuk membatalkan, pindahkan kembali dengan /vps ip move lagi.',
  'ip.move.title': 'Pindahkan IP publik ke {label}?',
  'ip.move.done': 'IP publik dipindahkan ke {label}',
  'ip.move.points': 'IP publik {ip} kini mengarah ke {label}.',

  'firewall.created': 'IPSet {name} dibuat di {label}',
  'firewall.ipset': 'IPSet',
  'firewall.description': 'Deskripsi',

  'storage.tooBig': '--size {size} GB melebihi batas {max} GB yang diizinkan vpsops untuk satu volume.',
  'storage.tooBigHint': 'Pilih ukuran dalam GB antara 1 dan {max}, mis. --size 500.',
  'storage.unstated': 'bawaan penyedia (tidak disebut oleh API)',
  'storage.title': 'Buat block storage {name}?',
  'storage.line': 'Volume block storage bernama {name} akan dibuat. Volume ditagih selama ada.',
  'storage.location': 'Lokasi',
  'storage.size': 'Ukuran',
  'storage.gb': '{size} GB',
  'storage.creating': 'Block storage {name} sedang dibuat',
  'storage.volumeId': 'Id volume',
  'storage.background':
    'Pembuatan selesai di latar belakang. API hosting tidak dapat membaca block storage, jadi vpsops tidak dapat memberi tahu kapan siap; periksa panel penyedia.',

  'os.title': 'Sistem operasi',
  'os.titleIn': 'Sistem operasi di lokasi {location}',
  'os.empty': 'Tidak ada sistem operasi yang ditawarkan di sini.',
  'os.note': '{systems}, {versions}',
  'os.column.os': 'OS',
  'os.column.version': 'Versi',
  'os.column.minCpu': 'CPU min.',
  'os.column.minMemory': 'Memori min.',
  'os.column.minDisk': 'Disk min.',
  'os.column.id': 'Id OS/versi',

  'sshkey.title': 'Kunci SSH yang belum dipasang di VM {vm}',
  'sshkey.empty': 'Semua kunci di akun ini sudah dipasang di VM tersebut.',
  'sshkey.column.id': 'Id kunci',
  'sshkey.column.title': 'Judul',
};
