// Indonesian help of the incident's story commands (timeline, export timeline, catchup, note,
// handoff), spread into HELP_ID (help-id.ts); English lives beside each definition.
const PUBLIC = 'Kirim jawaban ke kanal untuk semua orang (bawaan: hanya Anda yang melihat)';
const SINCE = 'Hanya 30m, 2h, 3d, atau 1w terakhir (bawaan: sehari terakhir)';
const FROM = 'Hanya sejak waktu ini, ISO 8601 (mis. 2026-11-27T22:00Z)';
const AGO = 'Sejak berapa lama lalu: 30m, 2h, 3d, atau 1w';

export const HELP_ID_STORY = {
  timeline: {
    summary:
      'Kisah kanal ini: peringatan, tindakan yang dikonfirmasi, pembisuan, page, dan catatan, berurutan',
    args: {
      since: SINCE,
      from: FROM,
      server: 'Hanya yang menyangkut server ini (hostname atau uuid)',
      limit: 'Baris per halaman',
      page: 'Halaman, 1 = terbaru',
      public: PUBLIC,
    },
  },
  'export timeline': {
    summary: 'Linimasa kanal ini sebagai berkas di kanal (Markdown atau CSV)',
    args: { since: SINCE, from: FROM, format: 'Format berkas: md atau csv' },
  },
  catchup: {
    summary: 'Menyusul: insiden terbuka, pembisuan, persetujuan menunggu, apa yang berubah dan oleh siapa',
    args: { since: AGO },
  },
  note: { summary: 'Tambahkan catatan ke linimasa kanal ini', args: { text: 'Yang dicatat' } },
  handoff: {
    summary: 'Serahkan kanal: kartu keadaan saat ini, menyebut siapa yang melanjutkan',
    args: { to: 'Siapa yang melanjutkan (sebut orangnya); kosong: siapa pun yang berikutnya', since: AGO },
  },
};
