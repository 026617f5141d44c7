/** What the embedded PostgreSQL hands its caller, and how its supervisor restarts it (shared by embedded.ts and supervise.ts). */
export interface EmbeddedDatabase {
  url: string;
  /** False while PostgreSQL is down and being restarted (for `/healthz`). */
  health(): { ok: boolean; reason?: string };
  stop(): Promise<void>;
}

export interface SupervisionOptions {
  /** Restarts tried after PostgreSQL exits on its own (1 s, 2 s, 4 s… apart) before giving up. */
  restarts?: number;
  /** Called once the restarts are used up: the server should exit non-zero so its supervisor restarts it. */
  onGiveUp?: (err: Error) => void;
  /** Called after PostgreSQL came back (for example: restart the job workers). */
  onRestarted?: () => void;
}
