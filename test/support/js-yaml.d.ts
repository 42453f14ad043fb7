// js-yaml comes with @pulumi/pulumi (a dependency of it) and ships no types; the tests read
// YAML with it through this one declaration.
declare module "js-yaml" {
  export function load(text: string): unknown;
}
