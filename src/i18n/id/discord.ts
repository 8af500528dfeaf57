// Bahasa Indonesia for the Discord adapter's own texts: the same keys as discord-en.ts.
import type { discordEn } from '../en/discord.js';

export const discordId: Record<keyof typeof discordEn, string> = {
  'discord.failed.line':
    'Bot tidak dapat menyelesaikan jawabannya. Apakah perintah itu sempat melakukan sesuatu tidak diketahui: periksa dulu sebelum menjalankannya lagi.',
  'discord.typed.label': 'Ketik nama yang tertera pada kartu',
  'discord.fieldsDropped': 'Beberapa kolom tidak muat.',
  'discord.moreFields': '… dan {count} lainnya',
  'discord.moreRows': '… {count} baris lagi',
  'discord.expires': 'Berakhir {when}',
  'discord.connect': 'Tautkan kunci API hosting server ini (admin server; membuka dialog pribadi)',
  'discord.disconnect': 'Lepas tautan kunci API hosting server ini (admin server)',
  'discord.showServer': 'Tampilkan server',
  'discord.addToTimeline': 'Tambah ke linimasa',
};
