// The console in the policy file: its people are `console:<user>` (or every one of them,
// `console:*`); it has channels (`console:…`) but no on-call target. No word typed after
// `policy set` names a console member (the console has no tenants).

/** How the policy file writes the console's members and channels. */
export const consolePolicy = {
  id: 'console',
  memberKinds: ['console'],
  memberExamples: ['console:<user>', 'console:*'],
};
