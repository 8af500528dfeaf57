// Every endpoint's handler in one table; `satisfies` makes a missing endpoint a type error.
import type { EndpointName } from '../../api/endpoints.js';
import { backupHandlers } from './backups.js';
import { billingHandlers } from './billing.js';
import { catalogueHandlers } from './catalogue.js';
import type { Handler } from './context.js';
import { instanceHandlers } from './instances.js';
import { listingHandlers } from './listings.js';
import { networkingHandlers } from './networking.js';
import { powerHandlers } from './power.js';

/** Endpoint name → behaviour. */
export const HANDLERS = {
  ...instanceHandlers,
  ...backupHandlers,
  ...networkingHandlers,
  ...catalogueHandlers,
  ...billingHandlers,
  ...listingHandlers,
  ...powerHandlers,
} satisfies Record<EndpointName, Handler>;
