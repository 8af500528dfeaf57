// A HostingApi for unit tests that states only the calls a test serves: every other call rejects,
// saying which one was not faked. Typed against the port (no casts), so a fake drifts with it.
import type { HostingApi, InstanceDetail } from '../../src/api/index.js';
import { instanceDetailSchema } from '../../src/api/schemas/instance.js';

/** Per resource group, the methods a test serves. */
export type ApiOverrides = { [G in keyof HostingApi]?: Partial<HostingApi[G]> };

const notFaked = (name: string) => () => Promise.reject(new Error(`fake API: ${name} is not faked`));
/** An optional endpoint left unfaked answers like a service that does not offer it (404). */
const notOffered = (name: string) => () =>
  Promise.reject(Object.assign(new Error(`fake API: ${name} is not offered (404)`), { status: 404 }));

/** The port with `overrides` in place and every other method rejecting. */
export function fakeHostingApi(overrides: ApiOverrides): HostingApi {
  const o = overrides;
  return {
    instances: {
      detail: notFaked('instances.detail'),
      stop: notFaked('instances.stop'),
      delete: notFaked('instances.delete'),
      consoleWebsocket: notFaked('instances.consoleWebsocket'),
      rrd: notFaked('instances.rrd'),
      withoutPublicIp: notFaked('instances.withoutPublicIp'),
      list: notOffered('instances.list'),
      start: notOffered('instances.start'),
      restart: notOffered('instances.restart'),
      ...o.instances,
    },
    snapshots: {
      delete: notFaked('snapshots.delete'),
      rollback: notFaked('snapshots.rollback'),
      list: notFaked('snapshots.list'),
      ...o.snapshots,
    },
    backups: {
      restore: notFaked('backups.restore'),
      delete: notFaked('backups.delete'),
      history: notFaked('backups.history'),
      ...o.backups,
    },
    firewall: { createIpset: notFaked('firewall.createIpset'), ...o.firewall },
    publicIps: {
      add: notFaked('publicIps.add'),
      changeInstance: notFaked('publicIps.changeInstance'),
      ...o.publicIps,
    },
    privateNetworks: {
      setVswitch: notFaked('privateNetworks.setVswitch'),
      details: notFaked('privateNetworks.details'),
      graph: notFaked('privateNetworks.graph'),
      list: notFaked('privateNetworks.list'),
      ...o.privateNetworks,
    },
    blockStorage: { create: notFaked('blockStorage.create'), ...o.blockStorage },
    systems: { list: notFaked('systems.list'), ...o.systems },
    sshKeys: { unassigned: notFaked('sshKeys.unassigned'), ...o.sshKeys },
    billing: {
      paymentMethods: notFaked('billing.paymentMethods'),
      reportSummary: notFaked('billing.reportSummary'),
      summary: notFaked('billing.summary'),
      ...o.billing,
    },
  } satisfies HostingApi;
}

/** An instance detail as the client returns it: the given fields, every other one null. */
export function instanceDetail(fields: { uuid: string; hostname: string; status?: string }): InstanceDetail {
  return instanceDetailSchema.parse(fields);
}
