/**
 * The command line of the package's commands, read one way for all of them
 * (provider/command-line.ts): values and flags, `-` as an argument, `--help`, and a refusal for
 * an unknown option, a missing value, a value given to a flag and one argument too many.
 */
import { describe, expect, it } from "vitest";
import { parseCommandLine, type Command } from "../../provider/command-line";

const COMMAND = {
  name: "pipestack-test",
  usage: "usage: pipestack-test <file> [--out DIR] [--run]",
  options: { out: "value", run: "flag" },
  positionals: 1,
} satisfies Command<{ out: "value"; run: "flag" }>;

describe("parseCommandLine", () => {
  it.each([
    ["nothing", [], { values: {}, positionals: [] }],
    ["a value, a flag and the argument", ["f.json", "--out", "d", "--run"], { values: { out: "d", run: true }, positionals: ["f.json"] }],
    ["a value written with =", ["--out=d"], { values: { out: "d" }, positionals: [] }],
    ["- as the argument (standard input)", ["-"], { values: {}, positionals: ["-"] }],
    ["a value given twice: the last one", ["--out", "a", "--out", "b"], { values: { out: "b" }, positionals: [] }],
    ["--help", ["f.json", "--help"], { help: true }],
    ["-h", ["-h"], { help: true }],
  ])("reads %s", (_what, argv, expected) => {
    expect(parseCommandLine(COMMAND, argv)).toEqual(expected);
  });

  it.each([
    ["an unknown option", ["--nope"], /Unknown option '--nope'/],
    ["a value missing at the end", ["--out"], /Option '--out <value>' argument missing/],
    ["an option where the value should be", ["--out", "--run"], /Option '--out' argument is ambiguous/],
    ["a value given to a flag", ["--run=yes"], /Option '--run' does not take an argument/],
    ["one argument too many", ["a", "b"], /^unexpected argument 'b'$/],
  ])("refuses %s, naming it", (_what, argv, problem) => {
    const line = parseCommandLine(COMMAND, argv);
    expect(line).toEqual({ problem: expect.stringMatching(problem) });
  });

  it("takes no argument but options when the command names none", () => {
    expect(parseCommandLine({ ...COMMAND, positionals: undefined }, ["a"])).toEqual({ problem: "unexpected argument 'a'" });
  });
});
