// The catalogues by locale, one object per language with the same keys.
import { en, type MessageKey } from './en/catalogue.js';
import { id } from './id/catalogue.js';
import type { Locale } from './locale.js';

export type { MessageKey };

export const CATALOGUES: Record<Locale, Record<MessageKey, string>> = { en, id };
