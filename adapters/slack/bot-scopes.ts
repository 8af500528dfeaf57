// The bot scopes an install of the Slack app grants, in code: OAuth mode asks Slack for exactly
// these, and adapters/slack/manifest.yaml lists the same ones (a unit test keeps the two equal).
// Code, not a read of the manifest at run time: the build and the image ship dist/ only.

/** What each scope is for is in manifest.yaml, beside its line. */
export const SLACK_BOT_SCOPES: readonly string[] = [
  'commands',
  'chat:write',
  'chat:write.public',
  'files:write',
  'users:read',
  'usergroups:read',
  'pins:write',
  'channels:read',
  'groups:read',
];
