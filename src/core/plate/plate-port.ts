// The shape of a person's plate as adapters read it (Slack's App Home), free of every other core
// type so the port file (ports.ts) can name it without an import circle; src/core/plate/plate.ts
// answers it.

/** Who asked for a request. */
export interface PlatePerson {
  platform: string;
  userId: string;
  displayName: string;
}

/** One pending request as the plate shows it; answering it goes through Dispatcher.act with `token`. */
export interface PlateRequest {
  token: string;
  command: string;
  /** What it acts on; the first is its label. */
  targets: string[];
  requester: PlatePerson;
  channelId: string;
  expiresAt: number;
  /** Confirming needs the name typed back (a dialog or prompt before the answer). */
  typed: boolean;
}

/** One watch: what it watches and its state ("OK (Running)", "ALERT: Status Error"…). */
export interface PlateWatch {
  instance: { label: string };
  state: string;
}

/** One channel's watches and the incidents open in it. */
export interface PlateChannel {
  channelId: string;
  watches: PlateWatch[];
  incidents: string[];
}

/** One running silence. */
export interface PlateSilence {
  what: string;
  by: string;
  until: number;
}

/** Everything on one person's plate, on one platform. */
export interface Plate {
  /** Two-person requests of others this person may approve now. */
  approvals: PlateRequest[];
  /** This person's own requests still waiting (a preview to confirm, or an approval from someone else). */
  previews: PlateRequest[];
  /** Channels (of those asked about) with a watch or an open incident. */
  channels: PlateChannel[];
  /** Running silences of the workspace. */
  silences: PlateSilence[];
  // Seam for schedules (issue 40): no `schedules` store is on main yet; a person's own appear here once there is.
}

/** The read-only port adapters use (Slack's App Home); `me` reads the same through ctx.bot. */
export interface PlateLookup<Asker> {
  /** `channelIds`: where to look for watches and incidents (those the person is in); at most 50 are read. */
  of(
    actor: Asker,
    channelIds: readonly string[],
    locale: import('../../i18n/locale.js').Locale,
  ): Promise<Plate>;
}
