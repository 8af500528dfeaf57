import { afterEach, describe, expect, it } from 'vitest';
import { allCommands } from '../../commands/index.js';
import { commandPath } from '../../src/core/define-command.js';
import { SEED_IDS } from '../../src/simulator/seed-ids.js';
import { ACTORS, CHANNEL, DEFAULT_POLICY, startHarness } from '../support/command-harness.js';
import type { Harness } from '../support/command-harness.js';

const { web1 } = SEED_IDS.instances;

describe('bot commands', () => {
  let h: Harness;
  afterEach(async () => {
    await h.close();
  });

  describe('help', () => {
    it('lists only read commands to a viewer, grouped, with usage lines per group', async () => {
      h = await startHarness();
      const overview = await h.run('help', ACTORS.viewer);
      expect(overview.text).toContain('viewer');
      expect(overview.text).not.toMatch(/\bstop\b/);
      const out = await h.run('help instance', ACTORS.viewer);
      expect(out.text).toContain('/vps instance show <instance>');
      expect(out.text).not.toContain('instance stop');
      expect(out.text).not.toContain('instance console');
      const backup = await h.run('help backup', ACTORS.viewer);
      expect(backup.text).toContain('/vps backup list <instance> [--page <page>] [--limit <limit>]');
    });

    it('lists destructive commands to an operator', async () => {
      h = await startHarness();
      const out = await h.run('help instance', ACTORS.operator);
      expect(out.text).toContain('/vps instance delete <instance> [--remove-ip] [--remove-block-storage]');
      expect((await h.run('help network', ACTORS.operator)).text).toContain('/vps network detach');
    });

    it('is a short overview: one line per group, private unless --public', async () => {
      h = await startHarness();
      const out = await h.run('help', ACTORS.operator);
      expect(out.text).toMatch(
        /instance\s+list, show, stop, start, restart, delete, console, metrics, no-ip/,
      );
      expect(out.text).toContain('/vps help instance');
      expect(out.text).not.toContain('<instance>');
      expect(out.text.split('\n').length).toBeLessThan(30);
      expect(out.said[0]?.visibility).toBe('ephemeral');
      const shared = await h.run('help --public', ACTORS.operator);
      expect(shared.said[0]?.visibility).toBe('channel');
    });

    it('whoami, use and audit answer privately; --public shares them', async () => {
      h = await startHarness();
      for (const text of ['whoami', 'use', 'use web-1', 'audit']) {
        expect((await h.run(text, ACTORS.operator)).said[0]?.visibility, text).toBe('ephemeral');
        expect((await h.run(`${text} --public`, ACTORS.operator)).said[0]?.visibility, text).toBe('channel');
      }
    });

    it('shows one command with its arguments, risk and examples', async () => {
      h = await startHarness();
      const out = await h.run('help instance stop');
      expect(out.message.title).toBe('/vps instance stop');
      expect(out.text).toContain('destructive');
      expect(out.text).toContain('/vps instance stop web-1');
      expect(out.text).toContain('bound instance');
    });

    it('finds a command from its action name alone', async () => {
      h = await startHarness();
      const out = await h.run('help stop');
      expect(out.message.title).toBe('/vps instance stop');
    });

    it('shows a group page', async () => {
      h = await startHarness();
      const out = await h.run('help backup');
      expect(out.message.title).toBe('Help: Backups');
      expect(out.text).toContain('backup restore');
    });

    it('does not describe a command the caller may not run', async () => {
      h = await startHarness();
      const out = await h.run('help instance delete', ACTORS.viewer);
      expect(out.message.outcome).toBe('usage-error');
      expect(out.text).toContain('your role: viewer');
      expect(out.text).not.toContain('remove-ip');
    });

    it('declares examples on every command', () => {
      const missing = allCommands.filter((c) => !c.hidden && !c.examples?.length).map(commandPath);
      expect(missing).toEqual([]);
    });
  });

  describe('use and status', () => {
    it('says clearly that nothing is bound', async () => {
      h = await startHarness();
      const status = await h.run('status');
      expect(status.message.title).toBe('No instance bound');
      expect(status.text).toContain('/vps use web-1');
      const use = await h.run('use');
      expect(use.text).toContain('No instance is bound');
    });

    it('binds the channel, shows the incident card, and lets commands omit the instance', async () => {
      h = await startHarness();
      const bound = await h.run('use web-1');
      expect(bound.text).toContain('This channel now uses web-1');
      expect((await h.run('use')).text).toContain(`bound to web-1 (${web1})`);

      const status = await h.run('status');
      expect(status.message.title).toBe('web-1 — Running');
      expect(status.message.tone).toBe('success');
      expect(status.text).toMatch(/Uptime\s*:?\s*\d/);
      expect(status.text).toContain('older than a day');
      expect(status.text).toMatch(/CPU, last hour.*avg \d+\.\d%.*max/);
      expect(status.text).toMatch(/[▁▂▃▄▅▆▇█]/);
      expect(status.text).not.toMatch(/undefined|null|NaN/);

      const preview = await h.run('instance stop');
      expect(preview.text).toContain('Stop web-1?');
    });

    it('unbinds with --clear', async () => {
      h = await startHarness();
      await h.run('use web-1');
      const cleared = await h.run('use --clear');
      expect(cleared.text).toContain('no longer bound to web-1');
      expect((await h.run('status')).message.title).toBe('No instance bound');
    });

    it('says the bound instance is gone once it has been deleted', async () => {
      h = await startHarness();
      await h.run('use web-1');
      h.sim.faults.inject({
        endpoint: 'instance.detail',
        kind: 'status',
        status: 404,
        message: 'Instance not found',
      });
      const out = await h.run('status');
      expect(out.message.title).toBe('web-1 no longer exists');
      expect(out.text).toContain('/vps use --clear');
    });

    it('refuses to bind an instance the hosting API does not know', async () => {
      h = await startHarness();
      const out = await h.run('use 00000000-0000-4000-8000-000000000000');
      expect(out.message.outcome).toBe('error');
      expect((await h.run('status')).message.title).toBe('No instance bound');
    });
  });

  describe('whoami', () => {
    it('shows platform, user id, role and its source, and whether destructive commands work here', async () => {
      h = await startHarness({ policy: `${DEFAULT_POLICY}channels:\n  destructive: [slack:${CHANNEL}]\n` });
      const here = await h.run('whoami', ACTORS.operator);
      expect(here.text).toContain('slack');
      expect(here.text).toContain('UOPS');
      expect(here.text).toContain('operator');
      expect(here.text).toMatch(/Destructive commands here\s*:?\s*allowed/);
      const elsewhere = await h.run('whoami', ACTORS.operator, 'C0RANDOM');
      expect(elsewhere.text).toMatch(/Destructive commands here\s*:?\s*not allowed/);
    });
  });

  describe('audit', () => {
    it('lists only changes in a chat channel by default, and filters and pages them', async () => {
      h = await startHarness();
      const { web1, web2, db1 } = SEED_IDS.instances;
      await h.run('instance show web-1');
      for (const uuid of [web1, web2]) {
        const preview = await h.run(`instance stop ${uuid}`, ACTORS.operator);
        await h.confirm(preview.token!, ACTORS.operator);
      }
      const cancelled = await h.run(`instance stop ${db1}`, ACTORS.operator2);
      await h.cancel(cancelled.token!, ACTORS.operator2);
      const rowsOf = (out: { message: { blocks: { type: string }[] } }) => {
        const table = out.message.blocks.find((b) => b.type === 'table') as { rows?: string[][] } | undefined;
        return table?.rows ?? [];
      };
      const targets = async (text: string) => rowsOf(await h.run(text)).map((r) => r[3]);
      const changes = await h.run('audit');
      expect(rowsOf(changes)).toHaveLength(6); // each stop: the request, then its confirmation or cancel
      expect(new Set(rowsOf(changes).map((r) => r[2]))).toEqual(new Set(['instance stop']));
      expect(changes.text).toContain('reads hidden: add --reads');
      expect(await targets('audit --actor olga')).toEqual(['db-1', 'db-1']);
      expect(await targets('audit --instance web-2')).toEqual(['web-2', 'web-2']);
      expect(await targets('audit --outcome cancelled')).toEqual(['db-1']);
      expect(rowsOf(await h.run('audit --command instance --since 1h'))).toHaveLength(6);
      expect(rowsOf(await h.run('audit --reads --command "instance show"'))).toHaveLength(1);
      const first = await h.run('audit --limit 4');
      expect(rowsOf(first)).toHaveLength(4);
      expect(first.text).toContain('page 1 of 2');
      expect(first.text).toContain('next: /vps audit --page 2');
      expect(rowsOf(await h.run('audit --limit 4 --page 2'))).toHaveLength(2);
      const bad = await h.run('audit --since yesterday');
      expect(bad.text).toContain('--since takes an age like 30m');
    });

    it('shows the channel’s recent actions as a timeline, newest first', async () => {
      h = await startHarness();
      await h.run('instance show web-1');
      const preview = await h.run('instance stop web-1');
      await h.confirm(preview.token!);
      const out = await h.run('audit --limit 5 --reads');
      const table = out.message.blocks.find((b) => b.type === 'table');
      const rows = table?.type === 'table' ? table.rows : [];
      expect(rows.length).toBeGreaterThanOrEqual(2);
      expect(rows[0]?.[2]).toContain('instance stop');
      expect(out.text).toContain('oscar');
      expect(out.text).toContain('instance show');
      const other = await h.run('audit', ACTORS.operator, 'C0QUIET');
      expect(other.text).toContain('No matching changes in this channel (add --reads to include reads).');
    });

    it('says "1 change", and shows no target for a command whose arguments are only options', async () => {
      h = await startHarness();
      const preview = await h.run('instance stop web-1');
      await h.confirm(preview.token!);
      const one = await h.run('audit --limit 1');
      expect(one.text).toContain('Audit — 1 change in this channel');
      expect(one.text).not.toContain('1 changes');
      await h.run('audit --limit 3 --reads');
      const out = await h.run('audit --limit 1 --reads');
      const table = out.message.blocks.find((b) => b.type === 'table');
      const rows = table?.type === 'table' ? table.rows : [];
      expect(rows[0]?.[2]).toBe('audit');
      expect(rows[0]?.[3]).toBe('—');
    });

    it('names a target typed as a bare uuid by the hostname the bot learned afterwards', async () => {
      h = await startHarness();
      await h.run(`instance show ${SEED_IDS.instances.web2}`);
      const out = await h.run('audit --limit 1 --reads');
      const table = out.message.blocks.find((b) => b.type === 'table');
      const rows = table?.type === 'table' ? table.rows : [];
      expect(rows[0]?.[2]).toContain('instance show');
      expect(rows[0]?.[3]).toBe('web-2');
    });
  });
});
