/**
 * The live object an `adoptId` names, or an error that says nothing was adopted (and nothing
 * created): `adoptId: no dashboard 66a0... on cloud:org/svc to adopt`.
 */
export async function adoptable<T>(what: string, id: string, where: string, read: () => Promise<T | undefined>): Promise<T> {
  const live = await read();
  if (live === undefined) throw new Error(`adoptId: no ${what} ${id} ${where} to adopt`);
  return live;
}
