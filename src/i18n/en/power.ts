// English texts of instance start and restart (commands/instance-power.ts, E5 and E6) and the Start
// button other cards offer. Spread into commands-en.ts; power-id.ts has the same keys.
export const powerEn = {
  'start.button': 'Start',
  'start.participle': 'started',
  'start.already': '{label} is already {status}.',
  'start.busy': '{label} is {status}: an operation is in progress. Start it once it is Stopped.',
  'start.requested': 'Start requested for {label}',
  'start.starting': '{label} is starting.',
  'start.notOffered': 'This hosting service does not offer start through its API; use the control panel.',
  'restart.participle': 'restarted',
  'restart.title': 'Restart {label}?',
  'restart.stopped': '{label} is Stopped: there is nothing to restart.',
  'restart.startHint': 'To power it on: /vps instance start {label}',
  'restart.busy': '{label} is {status}: an operation is in progress. Restart it once it is Running.',
  'restart.line':
    '{label} will be restarted: powered off and on again ({status} → Stopping → Starting → Running).',
  'restart.drops': 'Connections to it drop and everything running on it restarts.',
  'restart.kept': 'Its disks, public IP and backups are kept.',
  'restart.requested': 'Restart requested for {label}',
  'restart.restarting': '{label} is restarting.',
  'restart.notOffered': 'This hosting service does not offer restart through its API; use the control panel.',
  'power.panelHint': 'Nothing was changed.',
} as const;
