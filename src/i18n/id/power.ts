// Bahasa Indonesia for power-en.ts (instance start and restart): the same keys and placeholders.
// Commands and API status words stay as typed.
import type { powerEn } from '../en/power.js';

export const powerId: Record<keyof typeof powerEn, string> = {
  'start.button': 'Nyalakan',
  'start.participle': 'dinyalakan',
  'start.already': '{label} sudah berstatus {status}.',
  'start.busy':
    '{label} berstatus {status}: sebuah operasi sedang berjalan. Nyalakan setelah statusnya Stopped.',
  'start.requested': 'Permintaan menyalakan {label} dikirim',
  'start.starting': '{label} sedang dinyalakan.',
  'start.notOffered': 'Layanan hosting ini tidak menyediakan start lewat API-nya; gunakan panel kontrol.',
  'restart.participle': 'dimulai ulang',
  'restart.title': 'Mulai ulang {label}?',
  'restart.stopped': '{label} berstatus Stopped: tidak ada yang perlu dimulai ulang.',
  'restart.startHint': 'Untuk menyalakannya: /vps instance start {label}',
  'restart.busy':
    '{label} berstatus {status}: sebuah operasi sedang berjalan. Mulai ulang setelah statusnya Running.',
  'restart.line':
    '{label} akan dimulai ulang: dimatikan lalu dinyalakan lagi ({status} → Stopping → Starting → Running).',
  'restart.drops': 'Koneksi ke server ini terputus dan semua yang berjalan di dalamnya dimulai ulang.',
  'restart.kept': 'Disk, IP publik, dan cadangannya tetap ada.',
  'restart.requested': 'Permintaan memulai ulang {label} dikirim',
  'restart.restarting': '{label} sedang dimulai ulang.',
  'restart.notOffered': 'Layanan hosting ini tidak menyediakan restart lewat API-nya; gunakan panel kontrol.',
  'power.panelHint': 'Tidak ada yang diubah.',
};
