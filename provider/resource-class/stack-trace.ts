/**
 * The stack trace a registration records. The Node SDK sends the engine every frame of the
 * stack (its limit lifted to infinity) with each resource, and the CLI keeps them in the state
 * with the resource: 0.8 KB a pipe in a program of the usual depth, written again after every
 * step of a file backend (issue 45). While a resource class registers, the frames are cut to the
 * SDK's own and the program's first, and the base class's frame is left out, so the SDK's
 * fixed skip (it expects `Resource`, `CustomResource` and one class below them) lands the
 * source position on the program's line that declared the resource, not on this package.
 */

/** The SDK's frames of a registration: `callsites`, `stackTrace`, `new Resource`, `new CustomResource`, and the class it skips. */
const SDK_FRAMES = 5;
/**
 * The program's frames kept: the line that declares the resource, which the SDK makes the source
 * position. Its callers are left out: each is about 0.1 KB a resource in every state write, and
 * nothing reads them (issue 45).
 */
export const PROGRAM_FRAMES = 1;

type Prepare = NonNullable<typeof Error.prepareStackTrace>;

/**
 * The SDK's function that stamps every promise it makes with a stack (`new Error().stack`, kept
 * as `_debugStackTrace`): a registration makes a few per output, and each stamp is formatted at
 * once, through the program's source-map hook when it has one (ts-node's maps and copies every
 * frame). The SDK reads the stamps only to print leaked promises with {@link PROMISE_DEBUG_ENV} set:
 * otherwise they are garbage, about 5 MB of it per pipe in a program type-checked by ts-node
 * (heap profile of a 300-pipe preview, issue 45).
 */
const PROMISE_STAMP = "debuggablePromise";
/** The SDK's switch that prints leaked promises with their stamps: with it set, stamps stay whole. */
export const PROMISE_DEBUG_ENV = "PULUMI_DEBUG_PROMISE_LEAKS";

/** True when the trace being made (its call sites, innermost first) is a promise's stamp that nothing will read. Pure. */
export function isUnreadStamp(frames: readonly { getFunctionName(): string | null | undefined }[], env: NodeJS.ProcessEnv): boolean {
  return !env[PROMISE_DEBUG_ENV] && frames[0]?.getFunctionName() === PROMISE_STAMP;
}

/** The frames kept of `frames` (a registration's call sites, innermost first): without those of `ownFile`, then the first few. Pure. */
export function keptFrames<F extends { getFileName(): string | null | undefined }>(frames: readonly F[], ownFile: string): F[] {
  return frames.filter((f) => f.getFileName() !== ownFile).slice(0, SDK_FRAMES + PROGRAM_FRAMES);
}

/** A call site as V8 prints it (`new Pipe (/p/index.ts:3:1)`): its own `toString`. */
const framed = (f: NodeJS.CallSite): string => (f as { toString(): string }).toString();

/**
 * Installs a `prepareStackTrace` that formats only the {@link keptFrames} (through the one
 * already installed, e.g. a source-map hook, when there is one), and of a promise's unread stamp
 * none; returns what puts the previous one back. Called around the synchronous `super(...)` of a registration only.
 */
export function shortenStackTraces(ownFile: string): () => void {
  const previous = Error.prepareStackTrace;
  const prepare: Prepare = (err, frames) => {
    // A stamp nothing reads is its first line only: no frame formatted, none source-mapped.
    if (isUnreadStamp(frames, process.env)) return String(err);
    const kept = keptFrames(frames, ownFile);
    return previous ? (previous(err, kept) as unknown) : [String(err), ...kept.map((f) => `    at ${framed(f)}`)].join("\n");
  };
  Error.prepareStackTrace = prepare;
  return () => {
    Error.prepareStackTrace = previous;
  };
}
