// Fixed identifiers of the simulator's seeded estate, shared by the simulator, tests and docs.
// web-1's uuid matches the alias example in the policy file documentation.

/** The seeded estate's ids, so tests name web-1 & co. without copying uuids around. */
export const SEED_IDS = {
  locations: { jakarta: 1, singapore: 2 },
  instances: {
    /** web-1, Running, Jakarta, public IP, attached to the private network, snapshots + backups. */
    web1: '7995e990-c3bf-4e27-8ce2-89fd5783f9ea',
    /** web-2, Running, Jakarta, public IP. */
    web2: '1b4e28ba-2fa1-41d2-883f-0016d3cca427',
    /** db-1, Running, Jakarta, no public IP, gateway of the private network. */
    db1: '6fa459ea-ee8a-4ca4-894e-db77e160355e',
    /** worker-1, Stopped, Singapore, no public IP. */
    worker1: '16fd2706-8baf-433b-82eb-8c7fada847da',
    /** cache-1, Running, Singapore, public IP. */
    cache1: '9c5b94b1-35ad-49bb-b118-8e8fc24abf80',
  },
  /** Integer VM ids used by `sshkey unassigned <vm-id>` (endpoint 20). */
  vmIds: { web1: 101, web2: 102, db1: 103, worker1: 104, cache1: 105 },
  publicIps: {
    web1: '3f2504e0-4f89-41d3-9a0c-0305e82c3301',
    web2: '21ec2020-3aea-4069-a2dd-08002b30309d',
    cache1: 'a8098c1a-f86e-41d1-8b4e-00c04fd430c8',
  },
  networks: {
    /** Jakarta private network with db-1 as gateway; graph id 7. */
    backend: { uuid: 'c9bf9e57-1685-4c89-bafb-ff5af830be8a', id: 7 },
    /** Singapore private network with no gateway; graph id 8. */
    edge: { uuid: 'e4eaaaf2-d142-41d3-b0f5-9a6c7c8f3b10', id: 8 },
  },
  snapshots: {
    web1Daily: '0d4f1a5e-3b7c-4e8a-9f21-6c5d4b3a2e10',
    web1PreDeploy: '5a1b2c3d-4e5f-4a6b-8c7d-9e0f1a2b3c4d',
  },
  backups: {
    /** web-1 has 23 backup history items; these are the newest two. */
    web1Latest: 'b7e1c3d2-9a4f-4e6b-8d1c-2f3a4b5c6d7e',
    web1Previous: 'c1d2e3f4-a5b6-4c7d-8e9f-0a1b2c3d4e5f',
  },
} as const;
