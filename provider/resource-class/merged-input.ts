/**
 * Two object types as one that takes what either takes: every field of either, required only
 * where both require it, of either's type. Built over `A & B` (a homomorphic mapping), so each
 * field keeps its doc comments on hover: both, when the two differ. `never` for either side
 * leaves the other as it is.
 */
export type MergedInput<A, B> = [B] extends [never]
  ? A
  : [A] extends [never]
    ? B
    : Flatten<Pick<Either<A, B>, RequiredIn<A> & RequiredIn<B>> & Partial<Omit<Either<A, B>, RequiredIn<A> & RequiredIn<B>>>>;

type Either<A, B> = { [K in keyof (A & B)]: (K extends keyof A ? A[K] : never) | (K extends keyof B ? B[K] : never) };
// eslint-disable-next-line @typescript-eslint/no-empty-object-type -- `{}` extends exactly the types whose one key may be left out
type RequiredIn<T> = { [K in keyof T]-?: {} extends Pick<T, K> ? never : K }[keyof T];
type Flatten<T> = { [K in keyof T]: T[K] };
