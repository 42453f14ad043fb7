// The release's output folder: the command empties a folder before it builds into it, so it must
// only ever empty a folder it made. It marks each folder it makes with a file of its own (MARKER);
// a folder that exists is taken only when it is empty or holds that mark, and any other is refused,
// naming what it holds, before anything is built. `--out .` or a folder holding a `.git` and the
// user's work is refused, never emptied.
"use strict";
const fs = require("node:fs");
const path = require("node:path");

/** The file that marks a folder the release made; kept when the folder is emptied for a new build. */
const MARKER = ".pipestack-release";
const MARKER_TEXT = "This folder was made by `npm run release`, which empties it on each run. Keep nothing else here.\n";

/** At most this many of a refused folder's entries are named. */
const NAMED = 5;

/**
 * Why the release may not build into `out`, or undefined when it may: `out` does not exist, or is
 * an empty folder, or a folder the release marked. Reads only; writes nothing.
 */
function outProblem(out) {
  let stat;
  try {
    stat = fs.lstatSync(out);
  } catch (err) {
    if (err.code === "ENOENT") return undefined;
    throw err;
  }
  if (!stat.isDirectory()) return `--out ${JSON.stringify(out)} is not a folder: give a new or empty folder`;
  const entries = fs.readdirSync(out);
  if (entries.length === 0 || entries.includes(MARKER)) return undefined;
  const named = entries
    .slice(0, NAMED)
    .map((e) => JSON.stringify(e))
    .join(", ");
  return (
    `--out ${JSON.stringify(out)} holds ${entries.length} entr${entries.length === 1 ? "y" : "ies"} the release did not make (${named}${entries.length > NAMED ? ", ..." : ""}): ` +
    `the release empties its folder before building, so it only takes a new or empty folder, or one it made (marked by its ${MARKER} file). ` +
    "Give another --out, or empty that folder yourself"
  );
}

/** Throws when the release may not build into `out` (outProblem); reads only. */
function checkOut(out) {
  const problem = outProblem(out);
  if (problem) throw new Error(problem);
}

/**
 * Makes `out` ready for a build: created and marked when new or empty; when marked, emptied of all
 * but its mark. Checks again first (the folder may have changed since checkOut).
 */
function claimOut(out) {
  checkOut(out);
  fs.mkdirSync(out, { recursive: true });
  for (const entry of fs.readdirSync(out)) if (entry !== MARKER) fs.rmSync(path.join(out, entry), { recursive: true, force: true });
  fs.writeFileSync(path.join(out, MARKER), MARKER_TEXT);
}

module.exports = { MARKER, checkOut, claimOut, outProblem };
