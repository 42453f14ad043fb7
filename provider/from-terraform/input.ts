/**
 * The state's text, from a file or standard input (`-`), under one cap for both: a state larger
 * than {@link MAX_STATE_BYTES} is refused before it is read whole (standard input is read in
 * chunks and given up at the cap), so a wrong input cannot take the machine's memory.
 */
import * as fs from "node:fs";

/** The largest state read, file or standard input: a state of thousands of resources is a few MB. @default 64 MiB */
export const MAX_STATE_BYTES = 64 * 1024 * 1024;

/** The text of `file` (`-`: standard input), or an error saying it is over the cap. */
export function readStateInput(file: string, max: number = MAX_STATE_BYTES): string {
  const over = () => new Error(`is larger than ${max} bytes (${max / 1024 / 1024} MiB): no Terraform state is; give the state file, not another file`);
  if (file !== "-") {
    if (fs.statSync(file).size > max) throw over();
    return fs.readFileSync(file, "utf8");
  }
  const chunks: Buffer[] = [];
  const chunk = Buffer.alloc(1024 * 1024);
  let total = 0;
  for (;;) {
    let n: number;
    try {
      n = fs.readSync(0, chunk, 0, chunk.length, null);
    } catch (err) {
      // A pipe with nothing to read yet, on a non-blocking descriptor: wait a little and read again.
      if ((err as NodeJS.ErrnoException).code === "EAGAIN") {
        Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 5);
        continue;
      }
      if ((err as NodeJS.ErrnoException).code === "EOF") break;
      throw err;
    }
    if (n === 0) break;
    total += n;
    if (total > max) throw over();
    chunks.push(Buffer.from(chunk.subarray(0, n)));
  }
  return Buffer.concat(chunks).toString("utf8");
}
