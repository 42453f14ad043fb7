/**
 * The server's clock as seen through the `Date` header of its answers, so a local instant can be
 * compared with timestamps the server wrote (`createdAt`). The header has one-second resolution:
 * the estimate takes the middle of that second, and callers allow a tolerance around it.
 */
export class ServerClock {
  private offsetMs: number | undefined;

  /** Records the offset from one answer's `Date` header, received at `localMs`. */
  observe(dateHeader: string | string[] | undefined, localMs: number = Date.now()): void {
    const raw = Array.isArray(dateHeader) ? dateHeader[0] : dateHeader;
    if (!raw) return;
    const server = Date.parse(raw);
    if (Number.isNaN(server)) return;
    this.offsetMs = server + 500 - localMs;
  }

  /** True once an answer carried a usable `Date` header. */
  get calibrated(): boolean {
    return this.offsetMs !== undefined;
  }

  /** A local instant on the server's clock (unchanged until calibrated). */
  toServer(localMs: number): number {
    return localMs + (this.offsetMs ?? 0);
  }
}
