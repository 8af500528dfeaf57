// English texts of the network, public IP, firewall, block storage, OS and SSH key commands
// (commands/). Spread into the English catalogue through commands-en.ts; write ’, not ', in text.
export const networkEn = {
  // network attach, detach, show, graph (commands/network.ts)
  'network.alreadyAttached': '{label} is already attached to {name}.',
  'network.detachHint': 'To detach it: /vps network detach {label} {uuid}',
  'network.uuidOf': '<uuid of {name}>',
  'network.detachFirst':
    '{label} is attached to {current}; detach it first with `network detach {label} {arg}`.',
  'network.uuidUnknown':
    'The instance detail names its network but not the uuid, and the API cannot list networks; take the uuid from the provider’s panel.',
  'network.notAttachedAny': '{label} is not attached to any private network.',
  'network.attachedOther': '{label} is attached to {current}, not {name}.',
  'network.attach.line': '{label} will be attached to private network {name}.',
  'network.detach.line': '{label} will be detached from private network {name}.',
  'network.detach.loses':
    'It loses its private address on that network; services talking to it there stop reaching it.',
  'network.attach.title': 'Attach {label} to {name}?',
  'network.detach.title': 'Detach {label} from {name}?',
  'network.now': 'Private network now',
  'network.attach.done': '{label} attached to {name}',
  'network.detach.done': '{label} detached from {name}',
  'network.show.title': 'Private network {name}',
  'network.gatewayNone': 'none',
  'network.locationId': '{name} (id {id})',
  'network.activeInstances': 'Active instances',
  'network.gateway': 'Gateway',
  'network.tagVid': 'Tag / VID',
  'network.lastUpdate': 'Last update',
  'network.graph.title': 'Topology of private network {id}',
  'network.graph.empty': 'The network has no nodes.',

  // ip add, move (commands/ip.ts)
  'ip.already': '{label} already has public IP {ip}.',
  'ip.add.title': 'Add a public IP to {label}?',
  'ip.add.line': 'A new public IP address will be assigned to {label}.',
  'ip.add.billed': 'Public IPs are billed while assigned.',
  'ip.add.done': 'Public IP {ip} added to {label}',
  'ip.add.reachable': '{label} is reachable at {ip}.',
  'ip.move.alreadyThere': 'That IP ({ip}) is already on {label}.',
  'ip.move.goingAway': '{label} is {status} — pick another target.',
  'ip.move.line': 'Public IP {ip} will be moved to {label}.',
  'ip.move.unknownAddress':
    'The hosting API offers no way to look up a public IP by its id, so vpsops cannot say which address this is or which instance holds it now (`instance show <instance>` lists an instance’s public IP id).',
  'ip.move.loses': 'Whichever instance holds it now loses the address; its traffic goes to the new holder.',
  'ip.move.note': 'Note: {label} already has public IP {ip}.',
  'ip.move.undo': 'To undo, move it back with another /vps ip move.',
  'ip.move.title': 'Move a public IP to {label}?',
  'ip.move.done': 'Public IP moved to {label}',
  'ip.move.points': 'Public IP {ip} now points at {label}.',

  // firewall ipset-create (commands/firewall.ts)
  'firewall.created': 'IPSet {name} created on {label}',
  'firewall.ipset': 'IPSet',
  'firewall.description': 'Description',

  // storage create (commands/storage.ts)
  'storage.tooBig': '--size {size} GB is more than the {max} GB vpsops allows for one volume.',
  'storage.tooBigHint': 'Pick a size in GB between 1 and {max}, e.g. --size 500.',
  'storage.unstated': 'provider default (not stated by the API)',
  'storage.title': 'Create block storage {name}?',
  'storage.line': 'A block storage volume named {name} will be created. It is billed while it exists.',
  'storage.location': 'Location',
  'storage.size': 'Size',
  'storage.gb': '{size} GB',
  'storage.creating': 'Block storage {name} is being created',
  'storage.volumeId': 'Volume id',
  'storage.background':
    'Creation finishes in the background. The hosting API offers no way to read block storage, so vpsops cannot report when it is ready; check the provider’s panel.',

  // os list (commands/os.ts)
  'os.title': 'Operating systems',
  'os.titleIn': 'Operating systems in location {location}',
  'os.empty': 'No operating systems are offered here.',
  'os.note': '{systems}, {versions}',
  'os.column.os': 'OS',
  'os.column.version': 'Version',
  'os.column.minCpu': 'Min CPU',
  'os.column.minMemory': 'Min memory',
  'os.column.minDisk': 'Min disk',
  'os.column.id': 'OS/version id',

  // sshkey unassigned (commands/sshkey.ts)
  'sshkey.title': 'SSH keys not assigned to VM {vm}',
  'sshkey.empty': 'Every key on the account is already assigned to it.',
  'sshkey.column.id': 'Key id',
  'sshkey.column.title': 'Title',
} as const;
