// The /metrics counters as the core feeds them: command paths from the registry (unknown commands
// are user text and count as "unknown"), outcomes, confirmations, API durations and store gauges.
import { describe, expect, it } from 'vitest';
import { commandPath } from '../../../src/core/define-command.js';
import { createBotMetrics, type BotMetrics } from '../../../src/observability/metrics.js';
import { createMemoryStore } from '../../../src/store/memory/table-store.js';
import { actors, makeBot, POLICY } from '../../support/core-fakes.js';
import { fakeCommands } from '../../support/core-fake-commands.js';

const newMetrics = () => createBotMetrics({ commands: fakeCommands().map(commandPath) });

/** The value of one series, 0 when absent. */
async function value(metrics: BotMetrics, name: string, labels: Record<string, string>): Promise<number> {
  const metric = (await metrics.registry.getMetricsAsJSON()).find((m) => m.name === name);
  const found = metric?.values.find((v) =>
    Object.entries(labels).every(([k, want]) => String(v.labels[k]) === want),
  );
  return found?.value ?? 0;
}

/** Every label value of every vpsops_ series. */
async function labelValues(metrics: BotMetrics): Promise<string[]> {
  const all = await metrics.registry.getMetricsAsJSON();
  return all
    .filter((m) => m.name.startsWith('vpsops_'))
    .flatMap((m) => m.values.flatMap((v) => Object.values(v.labels).map(String)));
}

describe('command metrics', () => {
  it('takes the platform label from the platforms it is given (the catalogue), any other as "other"', async () => {
    const metrics = createBotMetrics({ commands: ['instance show'], platforms: ['console', 'teams'] });
    metrics.commandDone('instance show', 'teams', 'ok');
    metrics.commandDone('instance show', 'slack', 'ok');
    const text = await metrics.text();
    expect(text).toContain('vpsops_commands_total{command="instance show",platform="teams",outcome="ok"} 1');
    expect(text).toContain('vpsops_commands_total{command="instance show",platform="other",outcome="ok"} 1');
  });

  it('counts a mistyped command as "unknown" and never puts the typed text in a label', async () => {
    const metrics = newMetrics();
    const { run } = await makeBot({ policy: POLICY, metrics });
    await run('instance stpo <@U123>');
    const text = await metrics.text();
    expect(text).toContain('vpsops_commands_total{command="unknown",platform="slack",outcome="invalid"} 1');
    const labels = await labelValues(metrics);
    for (const label of labels) {
      expect(label).not.toMatch(/stpo|U123|<@/);
    }
  });

  it('labels a known command by its path, platform and audit outcome', async () => {
    const metrics = newMetrics();
    const { run } = await makeBot({ policy: POLICY, metrics });
    await run('instance show prod-web');
    await run('instance show prod-web', actors.discordOps);
    await run('instance stop prod-web', actors.bob);
    await run('instance show no-such-host-xyz');
    const commands = 'vpsops_commands_total';
    expect(
      await value(metrics, commands, { command: 'instance show', platform: 'slack', outcome: 'ok' }),
    ).toBe(1);
    expect(
      await value(metrics, commands, { command: 'instance show', platform: 'discord', outcome: 'ok' }),
    ).toBe(1);
    expect(await value(metrics, commands, { command: 'instance stop', outcome: 'denied' })).toBe(1);
    expect(await labelValues(metrics)).not.toContain('no-such-host-xyz');
  });
});

describe('confirmation metrics', () => {
  const confirmations = (metrics: BotMetrics, outcome: string) =>
    value(metrics, 'vpsops_confirmations_total', { outcome });

  it('counts confirmed, cancelled and refused (second click, wrong person, typed mismatch)', async () => {
    const metrics = newMetrics();
    const { run, act } = await makeBot({ policy: POLICY, metrics });
    const stop = await run('instance stop prod-web');
    expect(
      await value(metrics, 'vpsops_commands_total', { command: 'instance stop', outcome: 'pending' }),
    ).toBe(1);
    await act(stop.token!, actors.carol);
    await act(stop.token!);
    await act(stop.token!);
    const cancel = await run('instance stop prod-web');
    await act(cancel.token!, actors.alice, 'cancel');
    const del = await run('instance delete prod-web');
    await act(del.token!, actors.alice, 'confirm', 'not-the-hostname');
    expect(await confirmations(metrics, 'confirmed')).toBe(1);
    expect(await confirmations(metrics, 'cancelled')).toBe(1);
    expect(await confirmations(metrics, 'refused')).toBe(3);
    expect(await confirmations(metrics, 'expired')).toBe(0);
    expect(await value(metrics, 'vpsops_commands_total', { command: 'instance stop', outcome: 'ok' })).toBe(
      1,
    );
    expect(
      await value(metrics, 'vpsops_commands_total', { command: 'instance stop', outcome: 'denied' }),
    ).toBe(1);
  });

  it('counts a click on an expired card as expired, once', async () => {
    let t = Date.parse('2026-01-05T10:00:00Z');
    const metrics = newMetrics();
    const { run, act } = await makeBot({ policy: POLICY, metrics, now: () => new Date(t) });
    const { token } = await run('instance stop prod-web');
    t += 10 * 60_000;
    await act(token!);
    await act(token!);
    expect(await confirmations(metrics, 'expired')).toBe(1);
    expect(await confirmations(metrics, 'confirmed')).toBe(0);
  });
});

describe('API and store metrics', () => {
  it('observes API durations by endpoint name and status or error code, folding unknown names', async () => {
    const metrics = newMetrics();
    metrics.apiCall({ endpoint: 'instance.detail', status: 200, durationMs: 40 });
    metrics.apiCall({ endpoint: 'instance.detail', errorCode: 'NETWORK', durationMs: 5 });
    metrics.apiCall({ endpoint: 'web-1.example.com', status: 200, durationMs: 5 });
    const text = await metrics.text();
    expect(text).toContain(
      'vpsops_api_request_duration_seconds_count{endpoint="instance.detail",status="200"} 1',
    );
    expect(text).toContain(
      'vpsops_api_request_duration_seconds_bucket{le="0.05",endpoint="instance.detail",status="200"} 1',
    );
    expect(text).toContain(
      'vpsops_api_request_duration_seconds_count{endpoint="instance.detail",status="NETWORK"} 1',
    );
    expect(text).toContain('vpsops_api_request_duration_seconds_count{endpoint="unknown",status="200"} 1');
    expect(text).not.toContain('web-1.example.com');
  });

  it('reads the gauges from the store at each scrape, and each app has its own registry', async () => {
    const metrics = newMetrics();
    const other = newMetrics();
    const { run, bot } = await makeBot({ policy: POLICY, metrics });
    metrics.observeStore(bot.store);
    expect(await value(metrics, 'vpsops_pending_confirmations', {})).toBe(0);
    await run('instance stop prod-web');
    await run('instance stop prod-web');
    expect(await value(metrics, 'vpsops_pending_confirmations', {})).toBe(2);
    const store = createMemoryStore();
    other.observeStore(store);
    await store.operations.put('op-1', {} as never);
    expect(await value(other, 'vpsops_tracked_operations', {})).toBe(1);
    expect(await value(other, 'vpsops_pending_confirmations', {})).toBe(0);
    expect(await value(other, 'vpsops_commands_total', { command: 'instance stop' })).toBe(0);
    expect(await other.text()).toContain('process_cpu_user_seconds_total');
  });

  it('counts settled schedules by outcome and reads the pending ones from the store at each scrape', async () => {
    const metrics = newMetrics();
    const store = createMemoryStore();
    metrics.observeStore(store);
    for (const outcome of ['run', 'skipped', 'missed'])
      expect(await value(metrics, 'vpsops_schedules_total', { outcome })).toBe(0);
    metrics.schedule?.('run');
    metrics.schedule?.('missed');
    metrics.schedule?.('missed');
    expect(await value(metrics, 'vpsops_schedules_total', { outcome: 'run' })).toBe(1);
    expect(await value(metrics, 'vpsops_schedules_total', { outcome: 'missed' })).toBe(2);
    expect(await value(metrics, 'vpsops_schedules_pending', {})).toBe(0);
    await store.collection('schedules').put('a1b2c3d4', { id: 'a1b2c3d4' });
    expect(await value(metrics, 'vpsops_schedules_pending', {})).toBe(1);
  });

  it('counts the store’s refused writes, corrupt journal lines and data losses as vpsops_store_faults_total', async () => {
    const metrics = newMetrics();
    const faults = { writeFailures: 0, corruptRecords: 1, dataLosses: 0 };
    metrics.observeStore({ ...createMemoryStore(), faults: () => ({ ...faults }) });
    expect(await value(metrics, 'vpsops_store_faults_total', { fault: 'journal_corrupt_line' })).toBe(1);
    expect(await value(metrics, 'vpsops_store_faults_total', { fault: 'write_refused' })).toBe(0);
    faults.writeFailures = 3;
    expect(await value(metrics, 'vpsops_store_faults_total', { fault: 'write_refused' })).toBe(3);
    expect(await value(metrics, 'vpsops_store_faults_total', { fault: 'write_refused' })).toBe(3);
  });
});
