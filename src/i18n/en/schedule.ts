// English texts of schedule / schedules / unschedule and of a schedule's run (src/core/schedule).
// Spread into en/catalogue.ts; id/schedule.ts has the same keys.
export const scheduleEn = {
  'error.title.no-schedule-runner': 'Nothing runs schedules here',
  'schedule.badDuration': '“{when}” is not a duration — nothing was scheduled.',
  'schedule.badTime': '“{when}” is not a time — nothing was scheduled.',
  'schedule.past': '{when} has already passed (it is now {now}) — nothing was scheduled.',
  'schedule.tooFar': '{when} is more than 30 days away — nothing was scheduled.',
  'schedule.timeHint':
    'Try: schedule in 90m instance stop web-1 · schedule at 02:00 instance stop web-1 · schedule at 2026-12-01T02:00+07:00 instance stop web-1',
  'schedule.onlyChanges': '`{command}` changes nothing, so there is nothing to schedule.',
  'schedule.onlyChangesHint':
    'Only commands that change something can be scheduled, e.g. schedule in 30m instance stop web-1. Run a read now.',
  'schedule.noRunner':
    'Nothing would run it: schedules run in `vpsops serve`, and no serve runs them on this store — nothing was scheduled.',
  'schedule.noRunnerHint':
    'Schedule from Slack or Discord, or point this console at the Redis store a running `vpsops serve` uses (REDIS_URL).',
  'schedule.previewNote':
    '⏰ Not now: this runs at {when} (in {span}). Confirming schedules it; nothing happens before then.',
  'schedule.by': 'Scheduled by {requester}',
  'schedule.byApproved': 'Scheduled by {requester}, approved by {approver}',
  'schedule.scheduledTitle': '⏰ Scheduled: {action}',
  'schedule.scheduledBody':
    'Runs at {when} (in {span}). Id {id} — cancel with `unschedule {id}`; see all with `schedules`.',
  'schedule.runningTitle': '⏰ {action}',
  'schedule.checking': 'It is time: checking the server before it runs…',
  'schedule.skippedTitle': '⏰ Skipped: {action}',
  'schedule.skipped': 'Not run: {reason}',
  'schedule.missedTitle': '⏰ Missed: {action}',
  'schedule.missed':
    'It was due at {when}, but no bot process was up to run it; found {late} late, past the grace period, so it was not run. Schedule it again if it is still wanted.',
  'schedule.gone': '{target} no longer exists on this account.',
  'schedule.quietReason': 'scheduled {command} by @{who}',
  'schedule.quiet':
    '🔕 {what}’s alerts are silenced until it is Running again, then {span} more (recorded, neither posted nor paged; see `silences`).',
  'schedule.quietStop':
    '🔕 {what}’s alerts are silenced until someone starts it and it is Running again, then {span} more — at most 7 days (recorded, neither posted nor paged; end it with `unsilence {what}`).',
  'schedule.quietStory': 'until Running again + {span} · {reason}',
  'schedule.quietMinutes': '{n} min',
  'schedule.quietSeconds': '{n} s',
  'schedule.listTitle': 'Scheduled in this channel ({count})',
  'schedule.listNote': 'Cancel one with `unschedule <id>` (whoever scheduled it, or an admin).',
  'schedule.noneTitle': 'Nothing scheduled here',
  'schedule.none': 'No action waits for a time in this channel. Try: schedule in 30m instance stop web-1',
  'schedule.column.id': 'Id',
  'schedule.column.when': 'When',
  'schedule.column.action': 'Action',
  'schedule.column.by': 'Requested by',
  'schedule.column.approvedBy': 'Approved by',
  'schedule.notFound': 'No schedule {id} waits in this channel — nothing changed.',
  'schedule.notFoundHint': 'See what is scheduled here: schedules',
  'schedule.notAllowed': 'Only {requester}, who scheduled it, or an admin may cancel it — nothing changed.',
  'schedule.running': 'Schedule {id} is being run right now — it can no longer be cancelled.',
  'schedule.unscheduledTitle': 'Unscheduled: {action}',
  'schedule.unscheduled': 'It was due at {when}; it will not run.',
} as const;
