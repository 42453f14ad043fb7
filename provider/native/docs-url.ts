/**
 * Where the published docs are, for links in what the provider says: a warning is read by users
 * who installed from npm, and the package ships no docs/ folder.
 */

/** The repository, as the package schema names it, and where its releases (the plugin's tarballs) are downloaded. */
export const REPOSITORY = "https://github.com/pipestack/pulumi-pipestack";

/** The published page `page` of docs/ (`adopting.md`, `from-terraform.md#credentials`). Pure. */
export const docsUrl = (page: string): string => `${REPOSITORY}/blob/main/docs/${page}`;
