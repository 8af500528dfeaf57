// The adapter promise, stated once and run against Slack, Discord and the console
// (test/contract/adapter-*.test.ts): a read is answered; a destructive command first shows a
// preview card and does nothing; Confirm calls the hosting API exactly once and the channel sees
// who did it; policy refusals, expiry and a wrongly typed name change nothing; expected errors and
// console credentials reach only the requester — never the channel, the audit trail or the log.
// On the console each person has their own terminal: everything it prints is private to them,
// and the channel's share is the announcement lines (`» @alice stopped web-1 …`).
import { afterEach, describe, expect, it } from 'vitest';
import { SEED_IDS } from '../../src/simulator/seed-ids.js';
import {
  secretForms,
  type AdapterDriver,
  type Audience,
  type ContractCommand,
  type DriverOptions,
  type StartDriver,
} from '../support/adapter-driver.js';
import { waitFor } from '../support/wait-for.js';

const WEB1 = SEED_IDS.instances.web1;
const WEB2 = SEED_IDS.instances.web2;
const instance = (action: string, value: string): ContractCommand => ({
  path: ['instance', action],
  args: [['instance', value]],
});

/** Runs the adapter contract against fresh drivers from `start`. */
export function describeAdapterContract(name: string, start: StartDriver): void {
  describe(`adapter contract: ${name}`, () => {
    let driver: AdapterDriver | undefined;
    const open = async (options?: DriverOptions) => (driver = await start(options));
    afterEach(async () => {
      await driver?.close();
      driver = undefined;
    });
    /** Where a reply meant for everyone lands: the channel, or the console's one terminal. */
    const shared = (d: AdapterDriver): Audience => (d.separatesPrivate ? 'channel' : 'private');
    const statusOf = (d: AdapterDriver, uuid: string) => d.sim.state.getInstance(uuid)?.status;

    it('read: a read command is answered with its result', async () => {
      const d = await open();
      const answer = await d.run(instance('show', 'web-1'));
      expect(answer.audience).toBe(shared(d));
      expect(answer.text).toContain('web-1');
      expect(answer.text).toContain('Running');
      expect(answer.card).toBeUndefined();
    });

    it('preview: a destructive command shows a card with Confirm and Cancel and calls nothing yet', async () => {
      const d = await open();
      const answer = await d.run(instance('stop', 'web-1'));
      expect(answer.audience).toBe(shared(d));
      expect(answer.card?.typed).toBe(false);
      expect(d.cardText(answer.card!)).toMatch(/Stop web-1/);
      expect(d.cardActions(answer.card!)).toEqual(['confirm', 'cancel']);
      expect(d.sim.countRequests('instance.stop')).toBe(0);
      expect(statusOf(d, WEB1)).toBe('Running');
    });

    it('confirm: one hosting-API call, the card shows the outcome, the channel sees who did it', async () => {
      const d = await open();
      const { card } = await d.run(instance('stop', 'web-1'));
      await d.confirm(card!);
      await waitFor(() => /Confirmed by/i.test(d.cardText(card!)), 'the confirmed card');
      expect(d.sim.countRequests('instance.stop')).toBe(1);
      expect(statusOf(d, WEB1)).toBe('Stopped');
      expect(d.cardActions(card!)).toEqual([]);
      const who = d.displayName('requester');
      await waitFor(() => new RegExp(`@${who} stopped web-1`).test(d.channelText()), 'the channel notice');
    });

    it('cancel: the card says cancelled and nothing is called', async () => {
      const d = await open();
      const { card } = await d.run(instance('stop', 'web-1'));
      await d.cancel(card!);
      await waitFor(() => /Cancelled by/i.test(d.cardText(card!)), 'the cancelled card');
      expect(d.cardActions(card!)).toEqual([]);
      expect(d.channelText()).not.toMatch(/stopped web-1/);
      expect(d.sim.countRequests('instance.stop')).toBe(0);
      expect(statusOf(d, WEB1)).toBe('Running');
    });

    it('refuse: a viewer is refused by policy, privately, with no card and no change', async () => {
      const d = await open();
      const answer = await d.run(instance('stop', 'web-1'), 'viewer');
      expect(answer.audience).toBe('private');
      expect(answer.card).toBeUndefined();
      expect(answer.text).toMatch(/not allowed/i);
      expect(d.sim.countRequests('instance.stop')).toBe(0);
      expect(statusOf(d, WEB1)).toBe('Running');
    });

    it('expire: an unanswered card expires and says so; Confirm afterwards does nothing', async () => {
      const d = await open({ confirmTtlSeconds: 1 });
      const { card } = await d.run(instance('stop', 'web-1'));
      await waitFor(() => /Expired/.test(d.cardText(card!)), 'the expired card', 6_000);
      expect(d.cardActions(card!)).toEqual([]);
      await d.confirm(card!);
      expect(d.sim.countRequests('instance.stop')).toBe(0);
      expect(statusOf(d, WEB1)).toBe('Running');
      expect(d.cardText(card!)).not.toMatch(/Confirmed by/i);
    });

    it('typed name: a wrong name is refused privately and changes nothing; the right name deletes', async () => {
      const d = await open();
      const { card } = await d.run(instance('delete', WEB2));
      expect(card?.typed).toBe(true);
      await d.typeName(card!, 'web-1');
      await waitFor(() => /does not match/.test(d.privateText('requester')), 'the mismatch answer');
      expect(d.channelText()).not.toMatch(/does not match/);
      expect(d.sim.countRequests('instance.delete')).toBe(0);
      expect(statusOf(d, WEB2)).toBe('Running');
      await d.typeName(card!, 'web-2');
      await waitFor(() => /Confirmed by/i.test(d.cardText(card!)), 'the confirmed card');
      expect(d.sim.countRequests('instance.delete')).toBe(1);
      expect(statusOf(d, WEB2)).toMatch(/Terminat/);
    });

    describe('errors private: an expected error is answered to the requester only', () => {
      const cases: {
        what: string;
        command: ContractCommand;
        says: RegExp;
        arrange?: (d: AdapterDriver) => void;
      }[] = [
        { what: 'unknown instance', command: instance('show', 'no-such-host'), says: /Unknown instance/ },
        {
          what: 'bad uuid',
          command: { path: ['network', 'show'], args: [['network-uuid', 'not-a-uuid']] },
          says: /uuid/i,
        },
        {
          what: 'hosting API 4xx',
          command: instance('show', 'web-1'),
          says: /Hosting API error/,
          arrange: (d) =>
            d.sim.faults.inject({ endpoint: 'instance.detail', kind: 'status', status: 422, times: 3 }),
        },
      ];
      for (const c of cases) {
        it(c.what, async () => {
          const d = await open();
          c.arrange?.(d);
          const answer = await d.run(c.command);
          expect(answer.audience).toBe('private');
          expect(answer.text).toMatch(c.says);
          expect(d.channelText()).not.toMatch(c.says);
        });
      }
    });

    it('secrets private: console credentials reach only the requester — not the channel, audit or log; the bot’s own credentials reach neither audit nor log', async () => {
      const d = await open();
      // A refused call first, so the log holds at least one line to search (every adapter logs it).
      d.sim.faults.inject({ endpoint: 'instance.detail', kind: 'status', status: 422, times: 1 });
      await d.run(instance('show', 'web-1'));
      expect((await d.run(instance('show', 'web-1'))).text).toContain('Running');
      const answer = await d.run(instance('console', 'web-1'));
      expect(answer.audience).toBe('private');
      // A viewer asking for a console is refused before the API (the refusal is audited and logged too).
      expect((await d.run(instance('console', 'web-1'), 'viewer')).text).toMatch(/not allowed/i);
      const seen = d.privateText('requester');
      const password = /password: ([A-Za-z0-9_-]{8,})/.exec(seen)?.[1];
      const consoleToken = /token=([0-9a-f]{16,})/.exec(seen)?.[1];
      expect(password, 'the requester sees the password').toBeDefined();
      expect(consoleToken, 'the requester sees the websocket URL').toBeDefined();
      expect(d.sim.countRequests('instance.console')).toBe(1);
      // Both records: the requester's console and the viewer's refusal.
      const consoleRecords = async () => (await d.auditText()).split('instance console').length - 1;
      await waitFor(async () => (await consoleRecords()) >= 2, 'the audit records');
      const elsewhere = {
        channel: d.channelText(),
        other: d.privateText('other'),
        viewer: d.privateText('viewer'),
        audit: await d.auditText(),
        log: d.logText(),
      };
      expect(elsewhere.log.length, 'the bot logged through the captured logger').toBeGreaterThan(0);
      for (const form of [...secretForms(password!), ...secretForms(consoleToken!)])
        for (const [where, text] of Object.entries(elsewhere))
          expect(text, `${where} holds ${form}`).not.toContain(form);
      expect(d.sim.countRequests('instance.console')).toBe(1);
      // The bot token, signing secret and hosting API key never reach the audit trail or a log line
      // (the recorded platform calls carry the token as their authentication, so they are not searched).
      for (const [n, credential] of d.credentials.entries())
        for (const form of secretForms(credential))
          for (const where of ['audit', 'log'] as const)
            expect(elsewhere[where], `${where} holds credential ${n} as ${form}`).not.toContain(form);
    });
  });
}
