// Tenant: menautkan kunci API hosting workspace / server (src/tenants/key-messages.ts), dalam bahasa Indonesia.
import type { TenantsKey } from '../en/tenants.js';

export const tenantsId: Record<TenantsKey, string> = {
  'tenant.howToConnect':
    '{place, select, server {Server} other {Workspace}} ini belum menautkan kunci API hosting. {place, select, server {Admin server (Manage Server)} other {Admin workspace}} (atau yang memasang aplikasi) menjalankan `/vps connect` untuk menautkannya.',
  'tenant.pastedKey':
    '⚠️ Jangan pernah menempelkan kunci di kanal — gunakan dialog: jalankan `/vps connect` saja. Segera ganti kunci itu di panel kontrol hosting Anda; kunci itu tidak dipakai dan tidak disimpan.',
  'tenant.notAllowed':
    'Hanya {place, select, server {admin server (Administrator atau Manage Server)} other {admin workspace}} atau yang memasang aplikasi yang dapat menautkan atau melepas kunci API hosting.',
  'tenant.unlinked': 'Kunci API hosting telah dilepas; perintah kini menjelaskan cara menautkan kunci.',
  'tenant.noneLinked': 'Tidak ada kunci yang tertaut.',
  'tenant.linked':
    'Kunci API hosting {hint} tertaut. Perintah di {place, select, server {server} other {workspace}} ini kini memakainya.',
  'tenant.notInstalled': 'Workspace ini belum memasang aplikasi; pasang aplikasi lagi.',
  'tenant.directMessage':
    'vpsops hanya bekerja di server: setiap server menautkan kunci API hosting-nya sendiri. Jalankan `/vps` di kanal server Anda.',
  // Slack's modal titles: at most 24 characters.
  'tenant.dialog.title': 'Tautkan kunci API',
  'tenant.dialog.label': 'Kunci API hosting',
  'tenant.dialog.submit': 'Tautkan',
  'tenant.dialog.close': 'Batal',
  'tenant.dialog.replaces':
    'Menggantikan kunci berakhiran {hint}. Diperiksa dengan satu pembacaan, lalu disimpan terenkripsi.',
  'tenant.dialog.new':
    'Diperiksa dengan satu pembacaan, lalu disimpan terenkripsi; setelahnya hanya 4 karakter terakhirnya yang ditampilkan.',
  'tenant.dialog.again': 'Jalankan `/vps connect` lagi untuk mencoba ulang.',
  'tenant.key.tooShort': 'Itu terlalu pendek untuk sebuah kunci API hosting.',
  'tenant.key.unchecked': 'Kunci tidak dapat diperiksa. Tidak ada yang disimpan; coba lagi.',
  'tenant.key.refused':
    'API hosting menolak kunci ini. Periksa kunci itu (salin lagi dari panel kontrol) lalu coba lagi.',
  'tenant.key.unavailable':
    'API hosting tidak dapat memeriksa kunci saat ini. Tidak ada yang disimpan; coba lagi dalam satu menit.',
  'tenant.key.notAccepted': 'API hosting tidak menerima pembacaan dengan kunci ini. Tidak ada yang disimpan.',
  'tenant.unreadableTitle': 'Kredensial tersimpan tidak terbaca',
  'tenant.unreadable':
    'Kredensial tersimpan workspace (atau server) ini tidak dapat dibaca — beri tahu operator. Tidak ada yang dijalankan.',
};
