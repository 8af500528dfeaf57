// Bahasa Indonesia for api-en.ts: the same keys and placeholders.
import type { apiEn } from '../en/api.js';

export const apiId: Record<keyof typeof apiEn, string> = {
  'api.input.uuid': 'Tidak dikirim ke API hosting: `{name}` harus berupa uuid.',
  'api.input.positiveInt': 'Tidak dikirim ke API hosting: `{name}` harus bilangan bulat 1 atau lebih.',
  'api.input.nonNegativeInt': 'Tidak dikirim ke API hosting: `{name}` harus bilangan bulat 0 atau lebih.',
  'api.input.notEmpty': 'Tidak dikirim ke API hosting: `{name}` tidak boleh kosong.',
};
