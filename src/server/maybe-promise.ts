// The kit's steps answer at once when nothing made them wait, and a promise otherwise. A store of
// the team's may return any thenable (not only a native Promise): it is told apart by its `then`.

export type MaybePromise<T> = T | PromiseLike<T>;

export const isPromise = <T>(value: T | PromiseLike<T>): value is PromiseLike<T> => typeof (value as PromiseLike<T>)?.then === "function";
