// The one linter: typescript-eslint with type information for the TypeScript (the checks that
// need types: unnecessary assertions, unsafe returns, `String(value)` on objects, floating
// promises), ESLint's recommended rules for the plain JavaScript scripts. Formatting is
// Prettier's job (.prettierrc.json), so no rule here is about layout. The layers of
// docs/architecture.md are rules too (LAYERS below): each folder imports only what it may.
import js from "@eslint/js";
import tseslint from "typescript-eslint";

const NODE_GLOBALS = Object.fromEntries(
  [
    "require",
    "module",
    "exports",
    "__dirname",
    "__filename",
    "process",
    "console",
    "Buffer",
    "URL",
    "fetch",
    "performance",
    "setTimeout",
    "clearTimeout",
    "setInterval",
    "clearInterval",
    "setImmediate",
  ].map((name) => [name, "readonly"]),
);

/**
 * The layers, as import rules per folder (test/lint/layers.test.ts breaks each once). A file
 * matches one entry at most: ESLint takes a rule's options from the last entry that matches, so
 * an entry for one kind replaces the one for every kind. Relative imports only: the package never
 * imports itself by name. Each rule's message says which layer it keeps.
 */
const restrict = (files, patterns) => ({ files, rules: { "no-restricted-imports": ["error", { patterns }] } });

const OTHER_KIND =
  "A kind imports no other kind's folder (provider/resources/<other>/), but for the one module the other kind opens to it (PAIRS in eslint.config.mjs): a rule between two kinds has one owner, and the arrow runs one way.";

/**
 * The one module of another kind each kind may import (paths from provider/resources/), each with
 * its reason. A rule between two kinds has one owner, which opens one module to the other; the
 * owner never imports the other back (no pair runs both ways).
 */
const PAIRS = {
  "stack-alert": [
    // A refresh tells why a search alert is gone by reading its saved search's route: the server
    // deletes a saved search's alerts with it.
    "stack-saved-search/api",
    // A tile alert watches a dashboard's tile: the dashboard owns the link (the tile found on the
    // live dashboard, the tiles it takes out, those kept pending removal while alerts watch them)
    // and opens this one module to the alert.
    "stack-dashboard/alert-tile",
  ],
};

// No pair runs both ways: an owner that imported back would make the two kinds one knot.
for (const [kind, opened] of Object.entries(PAIRS)) {
  for (const other of opened.map((o) => o.split("/")[0])) {
    if ((PAIRS[other] ?? []).some((o) => o.startsWith(`${kind}/`)))
      throw new Error(`PAIRS: ${kind} and ${other} open modules to each other; a rule between them has one owner`);
  }
}

const escape = (text) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
/** The rule of a folder of provider/resources/ that may import the sibling paths `allowed` (a path ending in `/` is a folder). */
const siblings = (folder, allowed, message) =>
  restrict(
    [`provider/resources/${folder}/**/*.ts`],
    [
      { regex: `^\\.\\./(?!\\.\\./${allowed.map((a) => `|${escape(a)}${a.endsWith("/") ? "" : "$"}`).join("")})`, message },
      { regex: "^(\\.\\./){2,}resources/", message },
    ],
  );

const LAYERS = [
  // The emulator is a witness of the API contract: it answers as the real servers do, never as
  // the provider expects, so it may not see the provider's code (and neither may its tests).
  restrict(
    ["emulator/**/*.ts", "test/emulator/**/*.ts"],
    [{ regex: "^(\\.\\./)+provider(/|$)", message: "The emulator never imports provider/: it is a witness of the API, not of the provider." }],
  ),
  // The errors module stands alone: two installed copies of the package must be able to load it
  // and tell each other's errors apart (isInstance), and every layer may import it.
  restrict(["provider/errors/**/*.ts"], [{ regex: "^\\.\\./", message: "provider/errors/ imports nothing outside itself: every layer imports it." }]),
  // Shared schema pieces are pure: no life cycle, no kind, no client, no class machinery.
  restrict(
    ["provider/schemas/**/*.ts"],
    [
      {
        regex: "^(\\.\\./)+(engine|resources|client|resource-class|registry)(/|$)",
        message: "provider/schemas/ is pure: it imports nothing of engine/, resources/, client/, resource-class/ or the registry.",
      },
    ],
  ),
  // The shared machinery serves every kind and knows none: a kind's own parts live in its folder.
  restrict(
    ["provider/engine/**/*.ts", "provider/resource-class/**/*.ts"],
    [
      {
        regex: "^(\\.\\./)+(resources|registry)(/|$)",
        message: "The shared machinery (engine/, resource-class/) imports no kind: move what is one kind's into provider/resources/<kind>/.",
      },
    ],
  ),
  // The transport knows no life cycle, kind, face or command: every one of them sends through it.
  restrict(
    ["provider/client/**/*.ts"],
    [
      {
        regex: "^(\\.\\./)+(engine|resources|resource-class|registry|native|functions|pr-summary|from-terraform|plugin-pack|schemas)(/|$)",
        message:
          "provider/client/ is the transport: it imports no engine, kind, face or command (only config and its defaults, errors, progress, the package files).",
      },
    ],
  ),
  // The native plugin runs without the Pulumi SDK: of the class machinery it takes the type tokens only.
  restrict(
    ["provider/native/**/*.ts"],
    [
      {
        regex: "^(\\.\\./)+(resource-class/(?!type-tokens$)|pr-summary|from-terraform)",
        message: "provider/native/ loads no Pulumi SDK and no other command: of resource-class/ only type-tokens.",
      },
    ],
  ),
  // The list functions are the program side's reads: no face, no command, no registry.
  restrict(
    ["provider/functions/**/*.ts"],
    [
      {
        regex: "^(\\.\\./)+(native|registry|pr-summary|from-terraform|plugin-pack)(/|$)",
        message: "provider/functions/ is the program side's reads: it imports no face, registry or command.",
      },
    ],
  ),
  // Where settings come from sits below the transport: the client reads config, never the other way.
  restrict(
    ["provider/config.ts"],
    [
      {
        regex: "^\\./(client|engine|resources|resource-class|registry|public-types|native|functions|progress|pr-summary|from-terraform|plugin-pack)(/|$)",
        message: "provider/config.ts sits below the transport: it imports only schemas, errors and the client's defaults.",
      },
    ],
  ),
  // The list of kinds: the kinds' definitions and what a definition is made of, no face or command.
  restrict(
    ["provider/registry/**/*.ts"],
    [
      {
        regex: "^(\\.\\./)+(client|public-types|native|functions|pr-summary|from-terraform|plugin-pack)(/|$)",
        message: "provider/registry/ lists the kinds: it imports no client, public types, face or command.",
      },
    ],
  ),
  // The public types' derivation reads schemas and policies only: scripts/public-types.js reads
  // it to write the plain types, and nothing of the package imports it (no circle through the kinds).
  restrict(
    ["provider/type-derivation/**/*.ts"],
    [
      {
        regex: "^(\\.\\./)+(client|engine|native|functions|progress|pr-summary|from-terraform|plugin-pack)(/|$)",
        message: "provider/type-derivation/ derives types from schemas and policies: it imports no client, engine, face or command.",
      },
    ],
  ),
  // The generated plain types stand below every kind: the classes and functions import them.
  restrict(
    ["provider/public-types/**/*.ts"],
    [{ regex: "^\\.\\./", message: "provider/public-types/ is the generated plain types: it imports nothing of the package." }],
  ),
  // The Terraform command reads a state and writes a document: it sends nothing itself and loads no other face or command.
  restrict(
    ["provider/from-terraform/**/*.ts"],
    [
      {
        regex: "^(\\.\\./)+(client|engine|native|functions|public-types|pr-summary|plugin-pack)(/|$)",
        message: "provider/from-terraform/ is a command over the registry and the schemas: it imports no client, engine, face or other command.",
      },
    ],
  ),
  // The PR summary reads a recorded preview: it sends no request and loads no engine or class (it
  // takes the provider's warning forms from beside the code that words them).
  restrict(
    ["provider/pr-summary/**/*.ts"],
    [
      {
        regex: "^(\\.\\./)+(client|engine|resource-class|functions|from-terraform|plugin-pack)(/|$)",
        message: "provider/pr-summary/ reads a recorded preview: it imports no client, engine, class or list function.",
      },
    ],
  ),
  // A kind imports no other kind's folder (`../<other>/`) but the one module PAIRS opens to it.
  siblings("*", [], OTHER_KIND),
  ...Object.entries(PAIRS).map(([kind, opened]) => siblings(kind, opened, OTHER_KIND)),
];

export default tseslint.config(
  {
    ignores: ["**/node_modules/", "**/dist/", ".ci-cache/", "coverage/", "test-results/", ".demo/", ".pulumi-state/", ".venv-fuzz/", ".schemathesis/", "sdk/"],
  },
  js.configs.recommended,
  {
    files: ["**/*.ts"],
    extends: [tseslint.configs.recommendedTypeChecked],
    languageOptions: { parserOptions: { projectService: { allowDefaultProject: ["vitest.config.ts"] }, tsconfigRootDir: import.meta.dirname } },
    rules: {
      // Provider methods are async by contract even when they do not await: a throw in them must
      // become a rejected promise, which dropping `async` would change.
      "@typescript-eslint/require-await": "off",
      // Operation tables (`ops.id`, `target.isGone`) are plain objects whose members are typed
      // with method syntax; none of them uses `this`, so passing them on is safe.
      "@typescript-eslint/unbound-method": "off",
      // The validators reject control characters on purpose; the regular expressions name them.
      "no-control-regex": "off",
      // `_`-named bindings and rest siblings are how the code drops a field or an argument.
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_", varsIgnorePattern: "^_", caughtErrors: "none", ignoreRestSiblings: true }],
    },
  },
  {
    // Tests read the wire as it is: raw JSON bodies are `any` on purpose (the raw API client,
    // the store reader), so the rules about spreading `any` would only ask for casts there.
    files: ["test/**/*.ts"],
    rules: {
      "@typescript-eslint/no-explicit-any": "off",
      "@typescript-eslint/no-unsafe-member-access": "off",
      "@typescript-eslint/no-unsafe-assignment": "off",
      "@typescript-eslint/no-unsafe-call": "off",
      "@typescript-eslint/no-unsafe-argument": "off",
      "@typescript-eslint/no-unsafe-return": "off",
    },
  },
  {
    // The serialized shim: its function text is stored in every user's state, so it stays
    // byte-identical; `require` is the only loader the provider process gives it.
    files: ["provider/resource-class/shim.ts"],
    rules: { "@typescript-eslint/no-require-imports": "off", "@typescript-eslint/no-unsafe-member-access": "off" },
  },
  ...LAYERS,
  {
    files: ["**/*.js"],
    languageOptions: { sourceType: "commonjs", globals: NODE_GLOBALS },
  },
);
