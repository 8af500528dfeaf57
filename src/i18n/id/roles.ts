// Bahasa Indonesia for roles-en.ts: the same keys and placeholders.
import type { rolesEn } from '../en/roles.js';

export const rolesId: Record<keyof typeof rolesEn, string> = {
  'role.source.consoleDefault': 'bawaan: pengguna konsol tanpa file policy',
  'role.source.chatDefault': 'bawaan: pengguna chat adalah viewer tanpa file policy',
  'role.source.policy': 'policy {path}: {member}',
  'role.source.policyNone': 'policy {path}: tidak ada peran yang cocok',
  'role.source.tenantPolicy': 'policy tenant: {member}',
  'role.source.installer': 'tenant: memasang aplikasi',
  'role.source.platformAdmin': 'tenant: {place, select, server {admin server} other {admin workspace}}',
  'role.source.tenantDefault': 'tenant: semua orang adalah viewer secara bawaan',
};
