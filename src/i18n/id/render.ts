// Bahasa Indonesia for the renderers' own texts: the same keys as render-en.ts.
import type { renderEn } from '../en/render.js';

export const renderId: Record<keyof typeof renderEn, string> = {
  'unit.s': '{n} detik',
  'unit.min': '{n} menit',
  'unit.h': '{n} jam',
  'unit.d': '{n} hari',
  'unit.mo': '{n} bulan',
  'unit.y': '{n} tahun',
  'time.ago': '{span} lalu',
  'time.in': 'dalam {span}',
  'time.justNow': 'baru saja',
  'render.awaiting': 'Menunggu konfirmasi: {how} · {expiry}',
  'render.expiresIn': 'berakhir dalam {span}',
  'render.expired': 'kedaluwarsa',
  'render.typeToConfirm': 'ketik {name} untuk mengonfirmasi',
  'render.orCancel': '{action}, atau {cancel}',
  'render.image': '[gambar: {alt}] ({file})',
  'render.imageSaved': '[gambar: {alt}] disimpan di {path}',
};
