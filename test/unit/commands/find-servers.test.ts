// The "Show server" finder (issue 42): servers a message names by hostname, uuid or a unique
// prefix of 8+ of its characters, or public IPv4 — in the order named, each once, at most five.
import { describe, expect, it } from 'vitest';
import { findServers, FOUND_SERVERS_MAX, serverFinder } from '../../../commands/shared/find-servers.js';

const estate = [
  { uuid: '7995e990-c3bf-4e27-8ce2-89fd5783f9ea', hostname: 'web-1', ip_address: '203.0.113.10' },
  { uuid: '1b4e28ba-2fa1-41d2-883f-0016d3cca427', hostname: 'web-2', ip_address: '203.0.113.11' },
  { uuid: '1b4e28bb-0000-41d2-883f-0016d3cca999', hostname: 'db-1', ip_address: null },
  { uuid: '16fd2706-8baf-433b-82eb-8c7fada847da', hostname: 'twin', ip_address: null },
  { uuid: '9c5b94b1-35ad-49bb-b118-8e8fc24abf80', hostname: 'twin', ip_address: null },
];
const names = (text: string) => findServers(text, estate).map((s) => s.hostname);

describe('findServers', () => {
  it('finds hostnames, whole uuids, unique 8+ prefixes and IPs, in the order named, each once', () => {
    expect(names('db-1 down; 203.0.113.10 slow, 7995e990-c3bf-4e27-8ce2-89fd5783f9ea again, WEB-2.')).toEqual(
      ['db-1', 'web-1', 'web-2'],
    );
    expect(names('see 1b4e28ba-2f')).toEqual(['web-2']);
  });

  it('names none by a prefix under 8, a prefix two servers share, a hostname two share, an unknown IP', () => {
    expect(names('7995e99 1b4e28b twin 10.0.0.1 web-10 203.0.113.1')).toEqual([]);
  });

  it(`stops at ${FOUND_SERVERS_MAX}`, () => {
    const many = Array.from({ length: 8 }, (_, i) => ({ uuid: `0000000${i}-aaaa`, hostname: `h${i}` }));
    expect(serverFinder(many)('h0 h1 h2 h3 h4 h5 h6 h7')).toHaveLength(FOUND_SERVERS_MAX);
  });
});
