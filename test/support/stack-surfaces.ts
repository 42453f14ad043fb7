/** The two ways into the emulator's stack API, answering alike, for tests that run on both. */
import type { Emulator } from "../../emulator";
import { apiV2, cloud } from "./raw-api";

/** One stack answer, read the same way on either way in. */
export interface StackAnswer {
  status: number;
  /** `data` of `/api/v2`, `result` of the cloud proxy. */
  data: any;
  /** `message` (or the plain text) of `/api/v2`, `error` of the cloud proxy. */
  error: string;
  json: any;
  text: string;
}

/**
 * The two ways into the stack API, for `describe.each`: `/api/v2` and the cloud `/stack` proxy.
 * `emulator` is a getter because the tables are built before `beforeAll` starts it.
 */
export function stackSurfaces(emulator: () => Emulator): { label: string; call(method: string, path: string, body?: unknown): Promise<StackAnswer> }[] {
  return [
    {
      label: "api/v2",
      call: async (method, path, body) => {
        const a = await apiV2(emulator()).call(method, path, body);
        return { status: a.status, data: a.json?.data, error: (a.json?.message ?? a.text) as string, json: a.json, text: a.text };
      },
    },
    {
      label: "cloud proxy",
      call: async (method, path, body) => {
        const a = await cloud(emulator()).call(method, `/stack${path}`, body);
        return { status: a.status, data: a.json?.result, error: a.json?.error as string, json: a.json, text: a.text };
      },
    },
  ];
}
