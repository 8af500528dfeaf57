// Bahasa Indonesia for tracking-en.ts: the same keys and placeholders. Statuses stay as the API says
// them, with the translation beside them (src/tracking/messages.ts).
import type { TrackingKey } from '../en/tracking.js';

export const trackingId: Record<TrackingKey, string> = {
  'track.progress': '⏳ {label}: {verb}… {elapsed}',
  'track.progressStatus': '⏳ {label}: {verb}… {elapsed} (status {status})',
  'track.summary': '{label}: {verb}…',
  'track.done.gone': '✅ {label} terhapus — selesai dalam {elapsed}',
  'track.done.ip': '✅ {ip} sudah terpasang di {label} — selesai dalam {elapsed}',
  'track.done.status': '✅ {label} kini {status} — selesai dalam {elapsed}',
  'track.done.plain': '✅ {label} sudah selesai — dalam {elapsed}',
  'track.theIp': 'IP publik',
  'track.failed': '❌ {label}: {verb} gagal setelah {elapsed} — {reason}',
  'track.reason.gone': 'instans sudah tidak ada',
  'track.reason.goneKnown': 'instans sudah tidak ada (status terakhir {status})',
  'track.reason.status': 'statusnya {status}',
  'track.timedOut': '⚠️ {label}: berhenti diikuti setelah {elapsed} — {verb} belum selesai ({known})',
  'track.known.status': 'status terakhir {status}',
  'track.known.none': 'tidak ada pemeriksaan status yang berhasil',
  'track.known.lastError': '{known}; pemeriksaan terakhir gagal: {error}',
  'track.unexpectedError': 'kesalahan tak terduga',
  'track.verb.stopping': 'menghentikan',
  'track.verb.starting': 'menyalakan',
  'track.verb.restarting': 'memulai ulang',
  'track.verb.terminating': 'menghapus',
  'track.verb.restoring': 'memulihkan',
  'track.verb.rolling back': 'mengembalikan ke snapshot',
  'track.verb.assigning the public IP': 'memasang IP publik',
  'track.verb.moving the public IP': 'memindahkan IP publik',
};
