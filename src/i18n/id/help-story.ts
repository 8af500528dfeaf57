// Indonesian help of the incident's story commands (timeline, export timeline, catchup, note,
// handoff) by catalogue key (help-text.ts), spread into help.ts; English lives beside each definition.
const PUBLIC = 'Kirim jawaban ke kanal untuk semua orang (bawaan: hanya Anda yang melihat)';
const SINCE = 'Hanya 30m, 2h, 3d, atau 1w terakhir (bawaan: sehari terakhir)';
const FROM = 'Hanya sejak waktu ini, ISO 8601 (mis. 2026-11-27T22:00Z)';
const AGO = 'Sejak berapa lama lalu: 30m, 2h, 3d, atau 1w';

export const helpStoryId: Readonly<Record<string, string>> = {
  'summary.timeline':
    'Kisah kanal ini: peringatan, tindakan yang dikonfirmasi, pembisuan, page, dan catatan, berurutan',
  'arg.timeline.since': SINCE,
  'arg.timeline.from': FROM,
  'arg.timeline.server': 'Hanya yang menyangkut server ini (hostname atau uuid)',
  'arg.timeline.limit': 'Baris per halaman',
  'arg.timeline.page': 'Halaman, 1 = terbaru',
  'arg.timeline.public': PUBLIC,
  'summary.export.timeline': 'Linimasa kanal ini sebagai berkas di kanal (Markdown atau CSV)',
  'arg.export.timeline.since': SINCE,
  'arg.export.timeline.from': FROM,
  'arg.export.timeline.format': 'Format berkas: md atau csv',
  'summary.catchup':
    'Menyusul: insiden terbuka, pembisuan, persetujuan menunggu, apa yang berubah dan oleh siapa',
  'arg.catchup.since': AGO,
  'summary.note': 'Tambahkan catatan ke linimasa kanal ini',
  'arg.note.text': 'Yang dicatat',
  'arg.note.author': 'Penulis pesan yang dicatat (id pengguna; diisi oleh pintasan “Add to timeline”)',
  'summary.handoff': 'Serahkan kanal: kartu keadaan saat ini, menyebut siapa yang melanjutkan',
  'arg.handoff.to': 'Siapa yang melanjutkan (sebut orangnya); kosong: siapa pun yang berikutnya',
  'arg.handoff.since': AGO,
};
