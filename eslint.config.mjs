// The one linter: typescript-eslint with type information for the TypeScript (the checks that
// need types: unnecessary assertions, unsafe returns, `String(value)` on objects, floating
// promises), ESLint's recommended rules for the plain JavaScript scripts. Formatting is
// Prettier's job (prettier.config.json), so no rule here is about layout.
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
    files: ["provider/resources/shim.ts"],
    rules: { "@typescript-eslint/no-require-imports": "off", "@typescript-eslint/no-unsafe-member-access": "off" },
  },
  {
    files: ["**/*.js"],
    languageOptions: { sourceType: "commonjs", globals: NODE_GLOBALS },
  },
);
