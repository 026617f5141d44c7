/** SPEC.md section 9, page-load progress bar (the pace.js defaults). */
export const PROGRESS_MIN_MS = 250;
export const PROGRESS_RESTART_AFTER_MS = 500;

export interface ProgressTimerOptions {
  minMs?: number;
  restartAfterMs?: number;
  now?: () => number;
}

/**
 * Decides when the bar shows. The page load shows it at once; a later request shows it only while it
 * is still running after `restartAfterMs`. Once shown it stays at least `minMs`, and hides when the
 * last tracked request ends.
 */
export class ProgressTimer {
  private active = 0;
  private visible = false;
  private shownAt = 0;
  private showTimer: ReturnType<typeof setTimeout> | undefined;
  private hideTimer: ReturnType<typeof setTimeout> | undefined;
  private readonly minMs: number;
  private readonly restartAfterMs: number;
  private readonly now: () => number;

  constructor(
    private readonly onChange: (visible: boolean) => void,
    options: ProgressTimerOptions = {},
  ) {
    this.minMs = options.minMs ?? PROGRESS_MIN_MS;
    this.restartAfterMs = options.restartAfterMs ?? PROGRESS_RESTART_AFTER_MS;
    this.now = options.now ?? (() => Date.now());
  }

  /** A tracked request (or the page load, with `immediate`) starts. */
  begin(immediate = false): void {
    this.active += 1;
    clearTimeout(this.hideTimer);
    this.hideTimer = undefined;
    if (this.visible) return;
    if (immediate) return this.show();
    this.showTimer ??= setTimeout(() => {
      this.showTimer = undefined;
      if (this.active > 0) this.show();
    }, this.restartAfterMs);
  }

  end(): void {
    this.active = Math.max(0, this.active - 1);
    if (this.active > 0) return;
    clearTimeout(this.showTimer);
    this.showTimer = undefined;
    if (!this.visible) return;
    const wait = Math.max(0, this.shownAt + this.minMs - this.now());
    this.hideTimer = setTimeout(() => this.setVisible(false), wait);
  }

  dispose(): void {
    clearTimeout(this.showTimer);
    clearTimeout(this.hideTimer);
  }

  private show(): void {
    this.shownAt = this.now();
    this.setVisible(true);
  }

  private setVisible(visible: boolean): void {
    if (this.visible === visible) return;
    this.visible = visible;
    this.onChange(visible);
  }
}
