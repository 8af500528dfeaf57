// The console's start-up banner in the console's language, lined up in either.
import { describe, expect, it } from 'vitest';
import { bannerText, type BannerInfo } from '../../../../adapters/console/banner.js';

const info: BannerInfo = {
  version: '1.2.3',
  backend: { kind: 'remote', host: 'api.example.test' },
  policySource: null,
  dataDir: '/var/lib/vpsops',
  actor: { platform: 'console', userId: 'root', displayName: 'root' },
  role: 'admin',
};

describe('console banner', () => {
  it('reads as before in English', () => {
    expect(bannerText(info)).toBe(
      [
        'vpsops 1.2.3 console',
        '  Backend  hosting API at api.example.test',
        '  Policy   none — defaults: console users are admin, Slack/Discord users are viewers',
        '  Data     /var/lib/vpsops',
        '  You are  console:root (admin)',
        'Type help for commands, Tab to complete, exit to leave.',
        '',
      ].join('\n'),
    );
  });

  it('speaks Indonesian with VPSOPS_LOCALE=id, values still lined up', () => {
    const lines = bannerText({ ...info, locale: 'id', role: null }).split('\n');
    expect(lines[0]).toBe('konsol vpsops 1.2.3');
    expect(lines[1]).toBe('  Backend    API hosting di api.example.test');
    expect(lines[2]).toMatch(/^ {2}Kebijakan {2}tidak ada — bawaan/);
    expect(lines[4]).toBe('  Anda       console:root (tanpa peran)');
    expect(lines[5]).toBe('Ketik help untuk daftar perintah, Tab untuk melengkapi, exit untuk keluar.');
  });
});
