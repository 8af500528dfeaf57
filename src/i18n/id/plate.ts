// Bahasa Indonesia for en/plate.ts: the same keys and placeholders. Commands stay as typed.
import type { PlateKey } from '../en/plate.js';

export const plateId: Record<PlateKey, string> = {
  'plate.title': 'Tugas Anda',
  'plate.approvals': 'Menunggu persetujuan Anda ({count})',
  'plate.approvals.none': 'Tidak ada yang menunggu persetujuan Anda.',
  'plate.approvals.hint':
    'Setujui atau tolak masing-masing di kartunya di kanalnya (di Slack, juga dari tab Home vpsops).',
  'plate.previews': 'Permintaan Anda yang masih menunggu ({count})',
  'plate.previews.none': 'Tidak ada permintaan Anda yang menunggu.',
  'plate.watches': 'Pemantauan ({count})',
  'plate.watches.none':
    'Tidak ada pemantauan di {channels, plural, one {kanal ini} other {kanal-kanal Anda}}.',
  'plate.incidents': 'Insiden terbuka ({count})',
  'plate.silences': 'Senyap yang berjalan ({count})',
  'plate.silences.none': 'Tidak ada senyap yang berjalan.',
  'plate.unavailable': 'Bot ini tidak dapat menunjukkan tugas Anda di sini.',
  'plate.col.request': 'Permintaan',
  'plate.col.target': 'Sasaran',
  'plate.col.askedBy': 'Diminta oleh',
  'plate.col.expires': 'Kedaluwarsa',
  'plate.col.channel': 'Kanal',
  'plate.col.server': 'Server',
  'plate.col.state': 'Keadaan',
  'plate.col.what': 'Apa',
  'plate.col.until': 'Sampai',
  'plate.col.by': 'Oleh',
  'plate.summary':
    '{approvals, plural, other {# permintaan}} menunggu persetujuan Anda; {previews, plural, other {# milik Anda}} menunggu',
};
