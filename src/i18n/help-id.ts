// Indonesian help: each command's summary and argument descriptions, by command path as typed.
// English lives beside each command's definition (commands/*.ts); the catalogue test checks that
// every registered command and argument has its line here. Words a user types stay English.

interface HelpText {
  summary: string;
  args?: Record<string, string>;
}

const INSTANCE = 'Instans: uuid, alias, atau hostname';
const SCHEDULED =
  'Perintah yang dijalankan nanti, seperti Anda mengetiknya sekarang, mis. instance stop web-1';
const PUBLIC = 'Kirim jawaban ke kanal untuk semua orang (bawaan: hanya Anda yang melihat)';
const WATCH_WHAT = 'Server yang dipantau, `location <name>`, atau `all`';

export const HELP_ID: Record<string, HelpText> = {
  'policy show': { summary: 'Siapa boleh melakukan apa di sini: peran dan anggotanya' },
  'policy set': {
    summary: 'Tetapkan anggota sebuah peran di sini (admin tenant; menggantikan anggota peran itu)',
    args: {
      role: 'Peran yang diisi: viewer, operator, atau admin',
      members: 'Anggota: mention atau id pengguna, grup pengguna Slack, peran Discord; none mengosongkan',
    },
  },
  language: {
    summary: 'Bahasa pesan publik kanal ini (admin mengaturnya: en atau id)',
    args: { value: 'en atau id; kosongkan untuk melihat yang berlaku' },
  },
  'instance list': {
    summary: 'Daftar semua server: status, lokasi, IP publik, paket, perkiraan bulanan',
    args: {
      status: 'Status, dipisah koma (mis. Stopped,Error)',
      search: 'Bagian dari hostname',
      location: 'Bagian dari nama lokasi, mis. Jakarta',
      page: 'Nomor halaman (100 server per halaman)',
    },
  },
  'instance show': {
    summary: 'Tampilkan instans: status, IP, ukuran, harga, cadangan',
    args: { instance: INSTANCE },
  },
  'instance stop': { summary: 'Hentikan (matikan) instans', args: { instance: INSTANCE } },
  'instance delete': {
    summary: 'Hentikan dan hapus instans (hostname diketik ulang)',
    args: {
      instance: INSTANCE,
      removeIp: 'Lepas juga IP publiknya',
      removeBlockStorage: 'Hapus juga block storage yang terpasang',
    },
  },
  'instance console': {
    summary: 'Buka konsol web (URL dan kata sandi hanya untuk Anda)',
    args: { instance: INSTANCE },
  },
  'instance metrics': {
    summary: 'CPU, memori, jaringan, dan disk selama suatu periode',
    args: { instance: INSTANCE, period: 'Rentang waktu' },
  },
  'instance no-ip': {
    summary: 'Daftar instans tanpa IP publik di suatu lokasi',
    args: { locationId: 'Id lokasi' },
  },
  'snapshot list': {
    summary: 'Daftar snapshot sebuah instans (beserta uuid-nya)',
    args: { instance: INSTANCE },
  },
  'snapshot delete': {
    summary: 'Hapus snapshot sebuah instans',
    args: { instance: INSTANCE, snapshotUuid: 'Uuid snapshot' },
  },
  'snapshot rollback': {
    summary: 'Kembalikan instans ke sebuah snapshot',
    args: { instance: INSTANCE, snapshotUuid: 'Uuid snapshot' },
  },
  'backup list': {
    summary: 'Daftar cadangan sebuah instans',
    args: { instance: INSTANCE, page: 'Nomor halaman', limit: 'Cadangan per halaman' },
  },
  'backup restore': {
    summary: 'Pulihkan instans dari sebuah cadangan',
    args: { instance: INSTANCE, backupUuid: 'Uuid cadangan' },
  },
  'backup delete': {
    summary: 'Hapus cadangan sebuah instans',
    args: { instance: INSTANCE, backupUuid: 'Uuid cadangan' },
  },
  'firewall ipset-create': {
    summary: 'Buat IPSet firewall di sebuah instans',
    args: { instance: INSTANCE, name: 'Nama IPSet', description: 'Kegunaan IPSet ini' },
  },
  'ip add': {
    summary: 'Tambahkan IP publik ke instans (berbayar; ditanya dulu)',
    args: { instance: INSTANCE },
  },
  'ip move': {
    summary: 'Pindahkan IP publik ke instans lain',
    args: { ipUuid: 'Uuid IP publik', targetInstance: 'Instans yang menerima IP' },
  },
  'network list': { summary: 'Daftar jaringan privat (uuid dan id graf)' },
  'network show': {
    summary: 'Tampilkan jaringan privat',
    args: { networkUuid: 'Uuid jaringan privat (vswitch)' },
  },
  'network graph': {
    summary: 'Tampilkan topologi jaringan privat',
    args: { vswitchId: 'Id numerik jaringan privat (vswitch)' },
  },
  'network attach': {
    summary: 'Sambungkan instans ke jaringan privat',
    args: { instance: INSTANCE, networkUuid: 'Uuid jaringan privat (vswitch)' },
  },
  'network detach': {
    summary: 'Lepaskan instans dari jaringan privat',
    args: { instance: INSTANCE, networkUuid: 'Uuid jaringan privat (vswitch)' },
  },
  'storage create': {
    summary: 'Buat volume block storage (berbayar; ditanya dulu)',
    args: { name: 'Nama volume', location: 'Id lokasi', size: 'Ukuran dalam GB' },
  },
  'os list': {
    summary: 'Daftar sistem operasi yang bisa dipasang',
    args: { location: 'Hanya id lokasi ini' },
  },
  'sshkey unassigned': {
    summary: 'Daftar kunci SSH yang belum dipasang ke VM',
    args: { vmId: 'Id numerik VM' },
  },
  'billing balance': { summary: 'Saldo prabayar, biaya bulan ini, dan cukup untuk berapa hari' },
  'billing watch': {
    summary: 'Beri peringatan ke kanal ini saat saldo prabayar menipis',
    args: {
      below: 'Peringatan saat saldo di bawah sekian rupiah',
      runwayDays: 'Peringatan saat saldo cukup untuk kurang dari sekian hari (bawaan 7)',
    },
  },
  'billing unwatch': { summary: 'Hentikan peringatan saldo di kanal ini' },
  'billing methods': {
    summary: 'Daftar metode pembayaran dan biayanya',
    args: { amount: 'Jumlah isi ulang, untuk menghitung biaya' },
  },
  'billing reports': {
    summary: 'Daftar ringkasan laporan tagihan',
    args: { page: 'Nomor halaman', limit: 'Laporan per halaman' },
  },
  watch: {
    summary: 'Beri peringatan ke kanal ini saat instans bermasalah (status, CPU, memori)',
    args: {
      instance: 'Instans yang dipantau dari kanal ini',
      all: 'Pantau semua server dari daftar instans (server baru ikut dipantau)',
      location: 'Pantau semua server di lokasi ini, mis. Jakarta',
      cpu: 'Peringatan saat CPU % di atas nilai ini (1-100)',
      memory: 'Peringatan saat pemakaian memori % di atas nilai ini (1-100)',
      page: 'Teruskan insidennya (PagerDuty; bawaan bila routing key diatur)',
      noPage: 'Jangan pernah meneruskan insidennya (hanya chat)',
    },
  },
  watches: { summary: 'Pemantauan di kanal ini dan keadaannya' },
  unwatch: {
    summary: 'Berhenti memantau instans (atau semua, atau satu lokasi) dari kanal ini',
    args: {
      instance: 'Instans yang tidak dipantau lagi',
      all: 'Berhenti memantau semua server dari kanal ini',
      location: 'Hentikan pemantauan lokasi ini (yang diatur dengan watch --location)',
    },
  },
  silence: {
    summary: 'Senyapkan peringatan dan page untuk server, lokasi, atau semua, untuk sementara',
    args: {
      what: WATCH_WHAT,
      durationAndReason: 'Berapa lama (45m, 2h, 1d; paling lama 7 hari), lalu alasannya',
    },
  },
  silences: { summary: 'Apa yang disenyapkan, oleh siapa, sampai kapan, dan mengapa' },
  unsilence: {
    summary: 'Akhiri penyenyapan lebih awal',
    args: { what: WATCH_WHAT, name: 'Nama lokasi, setelah `location`' },
  },
  'schedule in': {
    summary:
      'Jalankan perintah yang mengubah sesuatu setelah beberapa waktu (pratinjau dan konfirmasi yang sama sekarang)',
    args: { when: 'Berapa lama dari sekarang: 30m, 90m, 1h30m, 2d', command: SCHEDULED },
  },
  'schedule at': {
    summary:
      'Jalankan perintah yang mengubah sesuatu pada waktu tertentu (HH:MM berikutnya di zona Anda, atau ISO 8601)',
    args: {
      when: 'Kapan: HH:MM (berikutnya, di zona Anda) atau ISO 8601 seperti 2026-12-01T02:00+07:00',
      command: SCHEDULED,
    },
  },
  schedules: {
    summary: 'Yang menunggu waktunya di kanal ini: id, kapan (zona Anda), tindakan, siapa, disetujui oleh',
  },
  unschedule: {
    summary: 'Batalkan tindakan terjadwal di kanal ini (yang menjadwalkannya, atau admin)',
    args: { id: 'Id jadwal, seperti yang ditampilkan `schedules`' },
  },
  help: {
    summary: 'Apa yang bisa Anda jalankan di sini, dan caranya',
    args: { group: 'Grup perintah, mis. instance', action: 'Aksi dalam grup, mis. stop', public: PUBLIC },
  },
  use: {
    summary: 'Ikat kanal ini ke sebuah instans (atau --clear)',
    args: { instance: 'Instans yang diikat ke kanal ini', clear: 'Hapus ikatan', public: PUBLIC },
  },
  whoami: { summary: 'Identitas, peran, dan izin Anda di kanal ini', args: { public: PUBLIC } },
  audit: {
    summary: 'Tindakan terbaru di kanal ini, atau semua kanal untuk admin (filter, halaman)',
    args: {
      limit: 'Catatan per halaman',
      page: 'Halaman, 1 = terbaru',
      actor: 'Hanya orang ini (nama atau id pengguna)',
      instance: 'Hanya tindakan pada instans ini (hostname atau uuid)',
      command: 'Hanya perintah ini, mis. "instance stop"',
      since: 'Hanya yang lebih baru dari ini: 30m, 2h, 3d, 1w, atau tanggal',
      outcome: 'Hanya hasil ini: ok, denied, invalid, cancelled, expired, pending, failed',
      changesOnly: 'Hanya tindakan yang mengubah sesuatu',
      reads: 'Sertakan pembacaan (kanal chat hanya mencantumkan perubahan secara bawaan)',
      public: PUBLIC,
      allChannels: 'Semua kanal dan platform, bukan hanya ini (khusus admin)',
    },
  },
  status: {
    summary: 'Kartu insiden untuk instans yang terikat ke kanal ini',
    args: { public: PUBLIC },
  },
};
