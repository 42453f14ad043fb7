// The compiler options `pulumi new typescript` writes (pulumi/templates, typescript/tsconfig.json):
// what a new user's project compiles the package's published types with (`strict`, `target:
// es2020`, no `skipLibCheck`, so every .d.ts the program reaches is checked). Written once here;
// read by the type-check bench (bench/lib/type-check.js) and by
// test/package/consumer-tsconfig.test.ts.
"use strict";

module.exports = Object.freeze({
  strict: true,
  outDir: "bin",
  target: "es2020",
  module: "commonjs",
  moduleResolution: "node",
  sourceMap: true,
  experimentalDecorators: true,
  pretty: false,
  noFallthroughCasesInSwitch: true,
  noImplicitReturns: true,
  forceConsistentCasingInFileNames: true,
});
