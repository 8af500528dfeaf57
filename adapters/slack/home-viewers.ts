// Who has their App Home open (opened it in the last hour), and when it may be drawn again: at
// most once per 10 s per person — a change inside that window is drawn once, when it ends. Keyed
// by tenant and user, so one workspace's viewers are never drawn with another's items.
import { currentTenant, runInTenant, type TenantContext } from '../../src/adapter-kit/tenant-context.js';

/** A person's Home is drawn at most this often. */
export const HOME_INTERVAL_MS = 10_000;
/** A Home not opened for this long is no longer kept up to date. */
const VIEWER_TTL_MS = 60 * 60_000;

interface Viewer {
  userId: string;
  tenant: TenantContext | undefined;
  openedAt: number;
  drawnAt: number;
  timer?: NodeJS.Timeout;
}

/** Draws Homes when they are opened and again when something on them changes. */
export class HomeViewers {
  private readonly viewers = new Map<string, Viewer>();

  constructor(
    private readonly draw: (userId: string) => Promise<void>,
    private readonly now: () => number = Date.now,
    private readonly intervalMs: number = HOME_INTERVAL_MS,
  ) {}

  /** `userId` opened their Home (in the current tenant's request): drawn now, or when the interval allows. */
  opened(userId: string): void {
    const tenant = currentTenant();
    const key = `${tenant?.id ?? ''}\u0000${userId}`;
    const viewer = this.viewers.get(key) ?? { userId, tenant, openedAt: 0, drawnAt: 0 };
    viewer.openedAt = this.now();
    viewer.tenant = tenant;
    this.viewers.set(key, viewer);
    this.schedule(viewer);
  }

  /** Something a Home shows may have changed (a request asked or answered, a card edited): redraw the open ones. */
  changed(): void {
    const at = this.now();
    for (const [key, viewer] of this.viewers) {
      if (at - viewer.openedAt > VIEWER_TTL_MS) {
        clearTimeout(viewer.timer);
        this.viewers.delete(key);
      } else this.schedule(viewer);
    }
  }

  stop(): void {
    for (const viewer of this.viewers.values()) clearTimeout(viewer.timer);
    this.viewers.clear();
  }

  private schedule(viewer: Viewer): void {
    if (viewer.timer) return;
    const wait = Math.max(0, viewer.drawnAt + this.intervalMs - this.now());
    viewer.timer = setTimeout(() => {
      viewer.timer = undefined;
      viewer.drawnAt = this.now();
      const draw = () => this.draw(viewer.userId);
      void (viewer.tenant ? runInTenant(viewer.tenant, draw) : draw()).catch(() => undefined);
    }, wait);
    viewer.timer.unref();
  }
}
