// `npm start` preloads this (node --require, before the server's ES modules load: the ESM loader's
// own file reads start libuv's thread pool, which reads UV_THREADPOOL_SIZE only then).
//
// The pool's size when the operator did not set UV_THREADPOOL_SIZE: one thread per core, at least
// 2, not libuv's fixed 4. The pool runs argon2id (19 MiB, about 6 ms of CPU per password): on a
// 2-core machine 4 threads meant four hashes thrashing the cache on two cores, with the event loop
// and PostgreSQL waiting behind them; sign-ins per second went from 0.73–0.75× to 0.80–0.86× of raw
// argon2id (issue 21). Hashes beyond the pool's threads queue as before; the hash is unchanged.
const { availableParallelism } = require("node:os");

if (!process.env.UV_THREADPOOL_SIZE) {
  process.env.UV_THREADPOOL_SIZE = String(Math.max(2, availableParallelism()));
}
