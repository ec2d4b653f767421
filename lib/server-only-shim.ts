// Outside Next's bundler (the custom server, scripts, tests) there is no client bundle to
// protect, so `server-only` resolves here instead of to the package that throws.
export {};
