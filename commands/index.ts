// Every chat command, listed explicitly (no folder scanning): what exists is visible here.
import type { CommandDefinition } from '../src/core/index.js';
import { backupCommands } from './backup.js';
import { billingBalanceCommands } from './billing-balance.js';
import { billingCommands } from './billing.js';
import { billingWatchCommands } from './billing-watch.js';
import { botCommands } from './bot.js';
import { firewallCommands } from './firewall.js';
import { instanceListCommands } from './instance-list.js';
import { instanceCommands } from './instance.js';
import { ipCommands } from './ip.js';
import { networkListCommands, snapshotListCommands } from './listings.js';
import { networkCommands } from './network.js';
import { osCommands } from './os.js';
import { snapshotCommands } from './snapshot.js';
import { sshkeyCommands } from './sshkey.js';
import { watchCommands } from './watch.js';
import { alertCommands } from './alert.js';
import { outcomeCommands } from './outcome.js';
import { silenceCommands } from './silence.js';
import { storageCommands } from './storage.js';
import { policyCommands } from './policy.js';
import { scheduleCommands } from './schedule.js';
import { meCommands } from './me.js';
import { timelineCommands } from './timeline.js';
import { catchup } from './catchup.js';
import { storyCommands } from './story-notes.js';
import { showServerCommands } from './show-server.js';

/** All commands the bot serves, in help order: instance, snapshot, backup, …, then help/use/whoami/audit/status. */
export const allCommands: CommandDefinition[] = [
  ...instanceListCommands, // instance list (optional endpoint E3)
  ...instanceCommands, // instance show | stop | start | restart | delete | console | metrics | no-ip
  ...snapshotListCommands, // snapshot list (optional endpoint E1)
  ...snapshotCommands, // snapshot delete | rollback
  ...backupCommands, // backup list | restore | delete
  ...firewallCommands, // firewall ipset-create
  ...ipCommands, // ip add | move
  ...networkListCommands, // network list (optional endpoint E2)
  ...networkCommands, // network show | graph | attach | detach
  ...storageCommands, // storage create
  ...osCommands, // os list
  ...sshkeyCommands, // sshkey unassigned
  ...billingBalanceCommands, // billing balance (optional endpoint E4)
  ...billingCommands, // billing methods | reports
  ...billingWatchCommands, // billing watch | unwatch (also typed `watch billing`)
  ...watchCommands, // watch | watches | unwatch
  ...silenceCommands, // silence | silences | unsilence
  ...meCommands, // me (what is on your plate; Slack's App Home shows the same)
  ...policyCommands, // policy show | set (per-tenant roles)
  ...scheduleCommands, // schedule in | at, schedules, unschedule
  ...alertCommands, // alert ack | snooze (hidden: run by an alert card's buttons)
  ...outcomeCommands, // outcome check (hidden: a refusal's Check now after an unknown outcome)
  ...botCommands, // help | use | whoami | audit | status
  ...timelineCommands, // timeline | export timeline (also typed `timeline export`)
  catchup, // catchup
  ...storyCommands, // note | handoff
  ...showServerCommands, // instance find (hidden: "Show server" on a message)
];
