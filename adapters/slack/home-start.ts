// Starting the listeners: the command, click and dialog handlers, and — when the core offers a
// plate (OAuth mode: with the person's tenant role, src/app/tenancy.ts) — the App Home, told by the
// outbox when a channel card is posted or edited so that open Homes are redrawn.
import type { App } from '@slack/bolt';
import type { AdapterLookups } from '../../src/core/index.js';
import type { HandlerDeps } from './handler-deps.js';
import { registerHandlers } from './handlers.js';
import { registerHome } from './home.js';
import type { HomeViewers } from './home-viewers.js';

/** Registers every listener; the Home's redrawing when the core offers a plate, else undefined. */
export function startListeners(
  app: App,
  plate: AdapterLookups['plate'],
  deps: HandlerDeps,
): HomeViewers | undefined {
  registerHandlers(app, deps);
  if (!plate) return undefined;
  const homes = registerHome(app, { ...deps, plate });
  deps.outbox.onChange = () => homes.changed();
  return homes;
}
