import { PipestackError, PollTimeoutError } from "../errors";
import { serviceRef, type CloudService } from "../client/cloud";
import type { PollOptions } from "../client/poll";
import { settingsFor } from "./connection";
import { pollOrGone, type Whereabouts } from "./gone";
import { initError } from "./init-error";
import { cachedCloudService } from "./service-cache";
import { reportProgress, waited } from "../progress/report";

/**
 * What the cloud API's objects (pipes, reverse private endpoints) share: the service they live
 * in, how long the engine waits for them, and the wait itself, whose time running out records a
 * half-made object (a {@link ResourceInitError}) instead of losing it.
 */

/** The props of a cloud object that these pieces read. */
export interface CloudProps {
  organizationId?: string;
  serviceId?: string;
  /** @default {@link DEFAULT_WAIT_SECONDS} */
  waitTimeoutSeconds?: number;
  __provider?: string;
}

/** How long create, update and delete wait for a cloud object when the program sets no `waitTimeoutSeconds`. */
const DEFAULT_WAIT_SECONDS = 600;

/** The service an object lives in: its own `organizationId` / `serviceId`, else the configured one; reached with its connection. */
export function serviceOf(props: CloudProps): CloudService {
  const settings = settingsFor(props);
  return cachedCloudService(settings, serviceRef(settings, { organizationId: props.organizationId, serviceId: props.serviceId }));
}

/** How long to wait for the object, in milliseconds. Pure. */
export function waitMs(props: CloudProps): number {
  return (typeof props.waitTimeoutSeconds === "number" ? props.waitTimeoutSeconds : DEFAULT_WAIT_SECONDS) * 1000;
}

/** The poll of a wait for the object: its wait time, at the interval of its own settings (its connection over the configured ones). */
export function timing(props: CloudProps): PollOptions {
  return { timeoutMs: waitMs(props), intervalMs: settingsFor(props).pollIntervalMs };
}

/** What a wait for one object waits for, and how it words the outcome. */
export interface Settling<T extends { id: string }> {
  /** The object, polled by the read-or-gone rule. */
  whereabouts(id: string): Whereabouts<T>;
  /** Its state or status, for the message of a timeout. */
  status(value: T): string | null | undefined;
  /** True when it is what the wait is for. */
  reached(value: T): boolean;
  /** When waiting longer is no use, what it is (`Failed: <reason>`); else undefined. */
  failed(value: T): string | undefined;
  /** What a timeout says it did not do: `did not settle`, `is not Ready`. */
  notReached: string;
  /** Added to a timeout's message: what the user can do about the last value. @default "" */
  hint?(value: T): string;
  /** How a progress line names it: `<id> ("<name>")`. @default its id */
  label?(value: T): string;
  /** The outputs it is recorded with when it does not get there. */
  outputs(value: T): object;
}

/**
 * Waits until the object is what `how` waits for. Failing for good or running out of time keeps
 * it in state (a {@link ResourceInitError}), so the next `up` waits again and `destroy` deletes
 * it; disappearing is a plain error. `what` says what happened to it: `was created`.
 */
export async function settle<T extends { id: string }>(how: Settling<T>, live: T, props: CloudProps, what: string): Promise<T> {
  const w = how.whereabouts(live.id);
  const finished = (v: T) => how.reached(v) || how.failed(v) !== undefined;
  let current: T | "gone" = live;
  if (!finished(live)) {
    try {
      const limit = waitMs(props);
      const tell = (v: T, ms: number) =>
        reportProgress(
          `${w.noun} ${how.label?.(v) ?? live.id} ${what}, waiting until it settles: ${how.status(v) ?? "no state yet"} after ${waited(ms)} (of up to ${waited(limit)})`,
        );
      current = await pollOrGone(w, finished, timing(props), how.status, tell);
    } catch (err) {
      if (!(err instanceof PollTimeoutError)) throw err;
      const last = err.last as T;
      const hint = how.hint?.(last) ?? "";
      throw initError(
        `${w.noun} ${live.id} ${what} but ${how.notReached} within ${waitMs(props) / 1000} s (${err.message})${hint}; raise waitTimeoutSeconds or run \`pulumi up\` again`,
        live.id,
        how.outputs(last),
        props,
      );
    }
  }
  if (current === "gone") throw new PipestackError("PIPESTACK_NOT_FOUND", `${w.noun} ${live.id} ${what} but then disappeared`);
  const failed = how.failed(current);
  if (failed !== undefined) throw initError(`${w.noun} ${live.id} ${what} but is ${failed}`, live.id, how.outputs(current), props);
  return current;
}
